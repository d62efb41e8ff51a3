// The part of `semver` (installed with fastify; no @types/semver in the tree) that the tests use
// (test/unit/engines.test.ts, containerFiles.test.ts).
declare module 'semver' {
  class Range {
    constructor(range: string)
    /** The alternatives (`||`), each a list of comparators that must all hold. */
    set: ReadonlyArray<ReadonlyArray<{ value: string }>>
  }
  class SemVer {
    version: string
  }
  const semver: {
    Range: typeof Range
    validRange(range: string): string | null
    minVersion(range: string): SemVer | null
    major(version: string): number
    satisfies(version: string, range: string): boolean
    /** Whether every version `sub` admits is admitted by `dom`. */
    subset(sub: string, dom: string): boolean
  }
  export default semver
}

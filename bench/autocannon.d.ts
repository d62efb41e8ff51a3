// autocannon ships no types; the benchmarks use a small part of its programmatic API.
declare module 'autocannon' {
  const autocannon: (options: Record<string, unknown>, callback?: (err: Error | null, result: any) => void) => any
  export default autocannon
}

// In-process benchmarks run the compiled JavaScript in dist/ (as production does; tsx's transform adds helpers
// such as keepNames wrappers that distort CPU profiles), typed by the sources they were built from.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { repoRoot } from './common.js'

export const loadDist = async <T>(relative: string): Promise<T> => (await import(pathToFileURL(join(repoRoot, 'dist', relative)).href)) as T

// A local S3-compatible server (s3rver) on a loopback port, its objects in a temporary directory, with one bucket.
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { S3Settings } from '../../src/runtime/files/s3.js'

// s3rver ships no types: only the constructor options and the two methods used here.
type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance

export const startS3Server = async (bucket = 'parley-files'): Promise<{ settings: S3Settings; directory: string; stop: () => Promise<void> }> => {
  const directory = await mkdtemp(join(tmpdir(), 'parley-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
      forcePathStyle: true,
    },
    directory,
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

// The file storage the server uses: an S3-compatible bucket when one is configured, else a local directory.
import type { FileStorage } from '../../lib/files.js'
import { localFileStorage } from './local.js'
import { type S3Settings, s3FileStorage } from './s3.js'

export const createFileStorage = (settings: { directory: string; s3?: S3Settings }): FileStorage =>
  settings.s3 ? s3FileStorage(settings.s3) : localFileStorage(settings.directory)

// File storage in an S3-compatible bucket (AWS, MinIO, R2, …). The bucket and its endpoint are the operator's
// settings, not a bot's, so requests to it do not go through the SSRF guard. The original name travels as
// URI-encoded object metadata (S3 metadata is ASCII only); the content type is the object's own.
import type { Readable } from 'node:stream'
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { type FileStorage, keyWorkspace } from '../../lib/files.js'

export type S3Settings = { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string; forcePathStyle: boolean }

export const s3FileStorage = (settings: S3Settings): FileStorage => {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
    // Checksums only where S3 requires them: many S3-compatible servers do not know the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket
  const checked = (key: string) => {
    if (!keyWorkspace(key)) throw new Error(`Not a file key: ${key}`)
    return key
  }

  return {
    async put(key, bytes, meta) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: bytes,
          ContentType: meta.contentType,
          Metadata: { name: encodeURIComponent(meta.name) },
        }),
      )
    },
    async get(key) {
      if (!keyWorkspace(key)) return undefined
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        const name = object.Metadata?.name
        return {
          meta: {
            name: name ? decodeURIComponent(name) : (key.split('/').pop() ?? 'file'),
            contentType: object.ContentType ?? 'application/octet-stream',
          },
          size: object.ContentLength ?? 0,
          body: object.Body as Readable,
        }
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined
        throw err
      }
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/') || prefix.startsWith('/')) throw new Error(`Not a key prefix: ${prefix}`)
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }))
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async list(prefix) {
      if (!prefix.endsWith('/') || prefix.startsWith('/')) throw new Error(`Not a key prefix: ${prefix}`)
      const found: { key: string; storedAt: Date }[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        for (const o of page.Contents ?? []) if (o.Key && keyWorkspace(o.Key)) found.push({ key: o.Key, storedAt: o.LastModified ?? new Date() })
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return found
    },
  }
}

// Stored files: the upload operation of the chat API (a signed, short-lived URL for the block a chat waits on),
// the PUT (raw bytes) and POST (multipart form, as S3 presigned posts take it) that URL takes, and the public GET
// that serves stored files. Those are served by `storedFilesPlugin` (their own body parsing and the upload's own size
// limit); the upload request is a chat route like continueChat.
import multipart from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError, badRequest, payloadTooLarge } from '../../app/errors.js'
import { errorSchema, idSchema } from '../../contract/api.js'
import { storedFileHeaders } from '../contentDisposition.js'
import { capBody } from '../limits.js'
import { registerRoutes, defineRoute, type Services } from '../route.js'
import { errors as chatErrors, origin } from './chat.js'

const tags = ['Files']

const fileParams = z.object({
  workspaceId: idSchema,
  botId: idSchema,
  resultId: idSchema,
  fileId: idSchema,
  fileName: z.string().min(1).max(200),
})
const keyOf = (p: z.infer<typeof fileParams>) => [p.workspaceId, p.botId, p.resultId, p.fileId, p.fileName].join('/')
const FILE_PATH = '/v1/files/{workspaceId}/{botId}/{resultId}/{fileId}/{fileName}'

export const uploadRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/sessions/{sessionId}/files',
    auth: 'optional',
    tags,
    summary:
      'Ask for a signed upload URL (valid 10 minutes) for a file to send to the input the chat waits on (file input, text input attachments or voice clip); PUT the bytes there, then reply with fileUrl',
    params: z.object({ sessionId: idSchema }),
    body: z.object({
      blockId: idSchema,
      fileName: z.string().min(1).max(255),
      contentType: z.string().max(255).optional(),
      size: z.number().int().min(0),
    }),
    responses: {
      200: {
        description: 'Where to PUT the bytes, and the URL the file will be served at',
        schema: z.object({ uploadUrl: z.string(), fileUrl: z.string(), expiresAt: z.string() }),
      },
      ...chatErrors,
      400: { description: 'Invalid request, or the chat is not waiting on that block or it takes no uploads', schema: errorSchema },
      413: { description: "Larger than the block's (or the server's) size limit", schema: errorSchema },
      415: { description: 'A file type the block does not accept', schema: errorSchema },
    },
    async handler({ app, req, user, params, body }) {
      return app.chats.requestUpload(params.sessionId, body, { origin: origin(req), user })
    },
  }),
]

const fileErrors = {
  404: { description: 'No such file', schema: errorSchema },
}

// The grant, signed: checked by the handler (a missing or altered field answers 403, like a wrong signature).
const grantQuery = z.object(
  Object.fromEntries(['expires', 'size', 'type', 'name', 'session', 'block', 'signature'].map((k) => [k, z.string().optional()])),
)

const uploadResponses = {
  200: { description: 'Stored', schema: z.object({ fileUrl: z.string() }) },
  403: { description: 'Forged or expired upload URL', schema: errorSchema },
  413: { description: 'Larger than the size given when the URL was asked for (else than the block allows)', schema: errorSchema },
  415: { description: 'Another content type than the one given when the URL was asked for', schema: errorSchema },
  ...fileErrors,
}

/** Room for a form's boundaries, part headers and fields around the file, in a multipart upload's announced length. */
const FORM_OVERHEAD_BYTES = 64 * 1024
const FORM_LIMITS = { files: 1, fields: 20, parts: 21, fieldSize: 4096 }
const isForm = (req: FastifyRequest) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')

/** The file of a multipart upload, under the field `file` after any other fields, read up to `limit` bytes. */
const formFile = async (req: FastifyRequest, limit: number) => {
  try {
    const part = await req.file({ limits: { ...FORM_LIMITS, fileSize: limit } })
    if (!part) throw badRequest('The form has no file: send it under the field `file`, after any other fields.')
    if (part.fieldname !== 'file') throw badRequest(`The form's file is under the field \`${part.fieldname}\`: send it under \`file\`.`)
    return { contentType: part.mimetype, bytes: await part.toBuffer() }
  } catch (err) {
    if (err instanceof AppError) throw err
    const code = (err as { code?: unknown }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(`The file is larger than the ${limit} bytes this upload URL allows.`)
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest(`The form has too many parts: one file, at most ${FORM_LIMITS.fields} fields before it.`)
    }
    // Anything else is the form itself being malformed (busboy's errors).
    throw badRequest(`The multipart form could not be read: ${err instanceof Error ? err.message : String(err)}`)
  }
}

export const storedFileRoutes = [
  defineRoute({
    method: 'PUT',
    path: FILE_PATH,
    auth: 'none',
    tags,
    summary:
      'Upload the bytes of a file to an upload URL (POST /v1/sessions/{sessionId}/files, or generate-upload-url); its query string is the signed grant',
    params: fileParams,
    query: grantQuery,
    rawBody: { description: 'The raw bytes of the file, with the content type given when the URL was asked for (or none)' },
    responses: uploadResponses,
    async handler({ app, req, params, query, body }) {
      return app.files.upload(keyOf(params), query, req.headers['content-type'], body as Buffer)
    },
  }),
  defineRoute({
    method: 'POST',
    path: FILE_PATH,
    auth: 'none',
    tags,
    summary:
      'Upload a file to an upload URL as a multipart form (as older Typebot clients do): any fields, then the file under `file`, with the content type given when the URL was asked for',
    params: fileParams,
    query: grantQuery,
    rawBody: {
      description: 'Optional fields, then the file under the field `file`',
      contentType: 'multipart/form-data',
      schema: z.object({ file: z.string().meta({ format: 'binary' }) }),
    },
    responses: { ...uploadResponses, 400: { description: 'No file under `file`, or a malformed form', schema: errorSchema } },
    async handler({ app, req, reply, params, query }) {
      const key = keyOf(params)
      try {
        const file = await formFile(req, app.files.uploadLimit(key, query))
        return await app.files.upload(key, query, file.contentType, file.bytes)
      } catch (err) {
        // The rest of the form may not have been read: not worth receiving.
        reply.header('connection', 'close')
        throw err
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: FILE_PATH,
    auth: 'none',
    tags,
    summary: 'A stored file, with its content type (shown inline only for images, audio, video and PDF; downloaded otherwise)',
    params: fileParams,
    responses: { 200: { description: 'The bytes of the file' }, ...fileErrors },
    async handler({ app, reply, params }) {
      const file = await app.files.serve(keyOf(params))
      return reply.headers({ ...storedFileHeaders(file.meta), 'content-length': String(file.size) }).send(file.body)
    },
  }),
]

const tooLarge = (limit: number) =>
  Object.assign(new Error(`The body is larger than the ${limit} bytes this upload URL allows.`), { statusCode: 413 })

/**
 * Serves `storedFileRoutes`. PUT bodies are taken as raw bytes of any type, up to the server's file limit; POST
 * bodies must be multipart forms, read as a stream by the route. Before a byte is read the upload URL's signature is
 * checked and the body is held to the size it grants: a raw body is capped at it, a form's file is (busboy's limit).
 */
export const storedFilesPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  const { maxBytes } = services.config.files
  fastify.removeAllContentTypeParsers()
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) => done(null, body))
  // Registers the multipart parser, which leaves the body unread for the route.
  await fastify.register(multipart, { limits: { ...FORM_LIMITS, fileSize: maxBytes } })
  fastify.addHook('preParsing', async (req: FastifyRequest<{ Params: z.infer<typeof fileParams> }>, reply, payload) => {
    if (req.method !== 'PUT' && req.method !== 'POST') return payload
    try {
      const limit = services.app.files.uploadLimit(keyOf(req.params), req.query as Record<string, unknown>)
      if (req.method === 'PUT') {
        if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge(limit)
        return capBody(payload, limit, () => tooLarge(limit))
      }
      if (!isForm(req)) {
        throw new AppError('unsupported_media_type', 'POST a multipart/form-data form with the file under `file`, or PUT the raw bytes.')
      }
      if (Number(req.headers['content-length'] ?? 0) > limit + FORM_OVERHEAD_BYTES) throw tooLarge(limit)
      return payload
    } catch (err) {
      // Refused before the body is read: closing the connection spares receiving (and discarding) it.
      reply.header('connection', 'close')
      throw err
    }
  })
  registerRoutes(fastify, storedFileRoutes, services)
}

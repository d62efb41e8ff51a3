// Stored files: the upload operation of the chat API (a signed, short-lived URL for the block a chat waits on),
// the PUT that URL takes, and the public GET that serves stored files. The PUT and GET routes are served by
// `storedFilesPlugin` (raw bodies, the upload's own size limit); the upload request is a chat route like continueChat.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
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
    async handler({ app, req, params, body }) {
      return app.chats.requestUpload(params.sessionId, body, { origin: origin(req) })
    },
  }),
]

const fileErrors = {
  404: { description: 'No such file', schema: errorSchema },
}

export const storedFileRoutes = [
  defineRoute({
    method: 'PUT',
    path: FILE_PATH,
    auth: 'none',
    tags,
    summary: 'Upload the bytes of a file to the URL POST /v1/sessions/{sessionId}/files answered (its query string is the signed grant)',
    params: fileParams,
    // The grant, signed: checked by the handler (a missing or altered field answers 403, like a wrong signature).
    query: z.object(Object.fromEntries(['expires', 'size', 'type', 'name', 'session', 'block', 'signature'].map((k) => [k, z.string().optional()]))),
    rawBody: { description: 'The raw bytes of the file, with the content type given when the URL was asked for (or none)' },
    responses: {
      200: { description: 'Stored', schema: z.object({ fileUrl: z.string() }) },
      403: { description: 'Forged or expired upload URL', schema: errorSchema },
      413: { description: 'Larger than the size given when the URL was asked for', schema: errorSchema },
      415: { description: 'Another content type than the one given when the URL was asked for', schema: errorSchema },
      ...fileErrors,
    },
    async handler({ app, req, params, query, body }) {
      return app.files.upload(keyOf(params), query, req.headers['content-type'], body as Buffer)
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
 * Serves `storedFileRoutes`. Upload bodies are taken as raw bytes of any type, up to the server's file limit; before
 * a byte is read the upload URL's signature is checked and the body is capped at the size it grants.
 */
export const storedFilesPlugin: FastifyPluginAsync<Services> = async (fastify, services) => {
  fastify.removeAllContentTypeParsers()
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: services.config.files.maxBytes }, (_req, body, done) => done(null, body))
  fastify.addHook('preParsing', async (req: FastifyRequest<{ Params: z.infer<typeof fileParams> }>, reply, payload) => {
    if (req.method !== 'PUT') return payload
    let limit: number
    try {
      limit = services.app.files.uploadLimit(keyOf(req.params), req.query as Record<string, unknown>)
    } catch (err) {
      reply.header('connection', 'close')
      throw err
    }
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      reply.header('connection', 'close')
      throw tooLarge(limit)
    }
    return capBody(payload, limit, () => tooLarge(limit))
  })
  registerRoutes(fastify, storedFileRoutes, services)
}

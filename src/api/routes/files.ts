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
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Files']

const fileParams = z.object({
  workspaceId: idSchema,
  botId: idSchema,
  resultId: idSchema,
  fileId: idSchema,
  fileName: z.string().min(1).max(200),
})
const keyOf = (p: z.infer<typeof fileParams>) => [p.workspaceId, p.botId, p.resultId, p.fileId, p.fileName].join('/')
const FILE_PATH = '/v1/files/{workspaceId}/{botId}/{resultId}/{fileId}/{fileName}'

// Example values: a visitor sends a PDF to the file input a live chat waits on (a grant made by files.grantUpload).
const SESSION_ID = 'kOY1A8UNMQFS9l5kUgxT9f_Wir2Zz6TO'
const BLOCK_ID = 'ejw3j7n72mmikx1fyjsnwc4j6'
const fileOf = {
  workspaceId: 'ejmq7yuri0oiduza71azcjp44',
  botId: 'c9nhzz0jxbqdridupyv0rcm7c',
  resultId: 'pbvqwiu1ppqvhhlolrgri7lta',
  fileId: 'ffdth4EHA_VycyyeaLTUUw',
  fileName: 'invoice-2026-11.pdf',
}
const grant = {
  expires: '1795516800000',
  size: '48213',
  type: 'application/pdf',
  name: 'invoice-2026-11.pdf',
  session: '2db2daf04c92399a04f4497cf7c35cc2',
  block: BLOCK_ID,
  signature: 'x_rO8PH4ZoPpwVFNQfmOby7wv7lzAHCt1n5y5pThZm8',
}
const FILE_URL = `https://parley.acme.example/v1/files/${keyOf(fileOf)}`

/** Requesting an upload never races another turn: no 409. */
const { 409: _noConflict, ...uploadRequestErrors } = chatErrors

export const uploadRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/sessions/{sessionId}/files',
    operationId: 'generateUploadUrl',
    auth: 'optional',
    previewToken: true,
    tags,
    summary: 'Get an upload URL for a file to send in a chat',
    description:
      'Step 1 of sending a file, when the chat waits on a file input or on a text input that takes attachments or voice clips: the answer says where to PUT the bytes (`uploadUrl`, for this file name and type and at most this size; it stores one file, once, within 10 minutes and before the chat has another turn) and the `fileUrl` to reply with afterwards (as the text of the reply, in `attachedFileUrls`, or as the `url` of an audio reply). ' +
      "The size and type are checked against the block's limits here and again on upload. Callers are those of continueChat: anyone holding the session id when the server has PUBLIC_CHAT (a signed-in user otherwise), and for a preview chat only the user who started it.",
    example: {
      params: { sessionId: SESSION_ID },
      body: { blockId: BLOCK_ID, fileName: 'invoice-2026-11.pdf', contentType: 'application/pdf', size: 48213 },
      response: {
        status: 200,
        body: { uploadUrl: `${FILE_URL}?${new URLSearchParams(grant)}`, fileUrl: FILE_URL, expiresAt: '2026-11-24T10:40:00.000Z' },
      },
    },
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
      ...uploadRequestErrors,
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
const grantFields = {
  expires: 'When the upload URL expires (Unix time, milliseconds).',
  size: 'The largest size the upload may have, in bytes.',
  type: 'The content type the upload must have.',
  name: 'The file name given when the URL was asked for.',
  session: 'A fingerprint of the chat session the URL was given to.',
  block: 'The file input block that asked for the file.',
  signature: "The server's signature of the other fields.",
}
const grantQuery = z.object(
  Object.fromEntries(
    Object.entries(grantFields).map(([k, description]) => [
      k,
      z
        .string()
        .optional()
        .meta({ description: `Part of the upload URL: ${description}` }),
    ]),
  ),
)

const uploadResponses = {
  200: { description: 'Stored', schema: z.object({ fileUrl: z.string() }) },
  403: { description: 'Forged or expired upload URL, or its chat has had a turn since it was given (the answer is stored)', schema: errorSchema },
  409: { description: 'The upload URL has stored a file already (or is storing one): it takes one file, once', schema: errorSchema },
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
    operationId: 'uploadFile',
    auth: 'none',
    // Bytes visitors and bots supplied: never on the builder's origin (a GET there is sent to the user content's).
    site: 'content',
    tags,
    summary: 'Upload the bytes of a file to an upload URL',
    description:
      'Step 2 of sending a file: PUT the raw bytes to the `uploadUrl` answered by POST /v1/sessions/{sessionId}/files (or `presignedUrl` of generate-upload-url), with the `Content-Type` given when it was asked for (or none). ' +
      'No sign-in: the signed query string is the credential; a changed or expired one answers 403, more bytes than granted 413, another content type 415. ' +
      'The URL stores one file: used again (even by an upload racing the first) it answers 409 and the stored file stays; once the chat has had a turn (its answer stored), it answers 403. A refused upload (413, 415) leaves it usable. Then reply to the chat with `fileUrl`.',
    example: { params: fileOf, query: grant, response: { status: 200, body: { fileUrl: FILE_URL } } },
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
    operationId: 'uploadFileForm',
    auth: 'none',
    // Bytes visitors and bots supplied: never on the builder's origin (a GET there is sent to the user content's).
    site: 'content',
    tags,
    summary: 'Upload a file to an upload URL as a multipart form',
    description:
      'The same as the PUT, for clients that post forms as to an S3 presigned POST (Typebot embed clients before 0.10): any fields first, then the file under the field `file`, its part typed as given when the URL was asked for. ' +
      'No sign-in: the signed query string is the credential (403 when changed or expired, or once the chat has had a turn); one file, once (409 afterwards); a form without a file under `file` answers 400.',
    example: { params: fileOf, query: grant, response: { status: 200, body: { fileUrl: FILE_URL } } },
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
    operationId: 'downloadFile',
    auth: 'none',
    // Bytes visitors and bots supplied: never on the builder's origin (a GET there is sent to the user content's).
    site: 'content',
    tags,
    summary: 'Download a stored file',
    description:
      'Serves a file a visitor uploaded or a block made, at the URL chat answers and results show; no sign-in (the random segment of the URL is the secret). ' +
      'Raster images, audio, video and PDF are served with their type and shown inline; anything else is sent as a download typed `application/octet-stream` (its name kept in Content-Disposition), with nosniff and under a sandbox CSP, so stored HTML or SVG never runs on this origin and no page can load a stored file as a script or a stylesheet. Files go when their result or bot is deleted.',
    example: { params: fileOf, response: { status: 200 } },
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

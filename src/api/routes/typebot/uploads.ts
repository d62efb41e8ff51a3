// Typebot's generate-upload-url: where the embed client sends a file before replying with its URL. Answered with an
// upload URL of Parley's file storage (`presignedUrl`), which takes both the raw PUT of 0.10.x clients and the
// multipart POST of older ones (api/routes/files.ts). `formData` stays empty: 0.3.x clients iterate it unguarded,
// and 0.10.x PUTs only when it is empty. The session id is the credential, as in Typebot.
import { z } from 'zod'
import { errorSchema, idSchema } from '../../../contract/api.js'
import { uploadTargetSchema } from '../../../contract/chat.js'
import { defineRoute } from '../../route.js'
import { errors } from '../chat.js'
import { chatOrigin } from './origin.js'
import type { ApiTag } from '../../apiTags.js'

const tags: ApiTag[] = ['Typebot-compatible chat']

/** Requesting an upload never races another turn: no 409. */
const { 409: _noConflict, ...chatErrors } = errors

const responses = {
  200: { description: 'Where to upload the file (PUT its bytes, or POST a form with it under `file`), and its URL', schema: uploadTargetSchema },
  ...chatErrors,
  400: { description: 'Invalid request, or the chat is not waiting on that block or it takes no uploads', schema: errorSchema },
  413: { description: "Larger than the block's (or the server's) size limit", schema: errorSchema },
  415: { description: 'A file type the block does not accept', schema: errorSchema },
}

// `fileType` is the browser's `File.type`: empty when it does not know the type.
const fileFields = { sessionId: idSchema, fileName: z.string().min(1).max(255), fileType: z.string().max(255).optional() }

const answer = ({ uploadUrl, fileUrl }: { uploadUrl: string; fileUrl: string }) => ({ presignedUrl: uploadUrl, formData: {}, fileUrl })

// Example values: a visitor of an embedded bot sends a PDF to the file input the chat waits on.
const SESSION_ID = 'kOY1A8UNMQFS9l5kUgxT9f_Wir2Zz6TO'
const BLOCK_ID = 'ejw3j7n72mmikx1fyjsnwc4j6'
const FILES = 'https://parley.acme.example/v1/files/ejmq7yuri0oiduza71azcjp44/c9nhzz0jxbqdridupyv0rcm7c/pbvqwiu1ppqvhhlolrgri7lta'
const grantOf = (fileId: string, size: number, signature: string) => {
  const fileUrl = `${FILES}/${fileId}/invoice-2026-11.pdf`
  const grant = { expires: '1795516800000', size: String(size), type: 'application/pdf', name: 'invoice-2026-11.pdf' }
  const query = new URLSearchParams({ ...grant, session: '2db2daf04c92399a04f4497cf7c35cc2', block: BLOCK_ID, signature })
  return { presignedUrl: `${fileUrl}?${query}`, formData: {}, fileUrl }
}
/** A grant for the size given, and one for the block's limit (10 MB) when no size is given. */
const sized = grantOf('ffdth4EHA_VycyyeaLTUUw', 48213, 'x_rO8PH4ZoPpwVFNQfmOby7wv7lzAHCt1n5y5pThZm8')
const unsized = grantOf('R3b5n4mIi_c_hA_LC7teNQ', 10485760, 'hK4eUiYp6Kkx8YZpjqY9xspm1A9YWg1z8FUMVlpGa-E')

const v3Body = z.object({ ...fileFields, blockId: idSchema, fileSize: z.number().int().min(0).optional() })
const v2Body = z.object(fileFields)
/** Clients before 0.2.90 name the file by its session (`{typebotId, blockId, resultId}` paths are builder uploads). */
const v1Body = z.object({
  filePathProps: z.object({ sessionId: idSchema, fileName: fileFields.fileName }),
  fileType: fileFields.fileType,
})

export const typebotUploadRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v3/generate-upload-url',
    operationId: 'typebotGenerateUploadUrl',
    auth: 'optional',
    previewToken: true,
    tags,
    summary: 'Get an upload URL for a file to send in a chat (Typebot-compatible)',
    description:
      "What Typebot's embed client (versions after 0.3.31) calls when the chat waits on a file input or a text input with attachments or voice clips: upload to `presignedUrl` (a raw PUT, or a multipart POST with the file under `file`; `formData` is always empty), then reply with `fileUrl`. " +
      "The URL takes one file of this name and type, once, within 10 minutes and before the chat has another turn; without `fileSize` the block's size limit is granted and checked on upload. " +
      'The session id is the credential: anonymous callers are welcome unless the operator set TYPEBOT_PUBLIC_CHAT=false, and a preview chat takes only the user who started it.',
    example: {
      body: { sessionId: SESSION_ID, blockId: BLOCK_ID, fileName: 'invoice-2026-11.pdf', fileType: 'application/pdf', fileSize: 48213 },
      response: { status: 200, body: sized },
    },
    body: v3Body,
    responses,
    async handler({ app, req, user, body }) {
      const request = { blockId: body.blockId, fileName: body.fileName, contentType: body.fileType, size: body.fileSize }
      return answer(await app.chats.requestUpload(body.sessionId, request, { origin: chatOrigin(req), user }))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v2/generate-upload-url',
    operationId: 'typebotGenerateUploadUrlV2',
    auth: 'optional',
    previewToken: true,
    tags,
    summary: 'Get an upload URL for a file to send in a chat (Typebot clients 0.2.90 to 0.3.31)',
    description:
      "The older form of POST /api/v3/generate-upload-url: no block id (the block the chat waits on is meant) and no size, so the upload URL grants the block's size limit and the size is checked on upload. " +
      'Same callers, answer and errors as v3.',
    example: {
      body: { sessionId: SESSION_ID, fileName: 'invoice-2026-11.pdf', fileType: 'application/pdf' },
      response: { status: 200, body: unsized },
    },
    body: v2Body,
    responses,
    async handler({ app, req, user, body }) {
      const request = { fileName: body.fileName, contentType: body.fileType }
      return answer(await app.chats.requestUpload(body.sessionId, request, { origin: chatOrigin(req), user }))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/generate-upload-url',
    operationId: 'typebotGenerateUploadUrlV1',
    auth: 'optional',
    previewToken: true,
    tags,
    summary: 'Get an upload URL for a file to send in a chat (Typebot clients before 0.2.90)',
    description:
      'The oldest form of POST /api/v3/generate-upload-url: the session and file name under `filePathProps`, no block id (the block the chat waits on is meant) and no size (checked on upload). ' +
      'Only chat uploads are served: builder paths (`typebotId`, `blockId`, `resultId`) are refused. Same callers, answer and errors as v3.',
    example: {
      body: { filePathProps: { sessionId: SESSION_ID, fileName: 'invoice-2026-11.pdf' }, fileType: 'application/pdf' },
      response: { status: 200, body: unsized },
    },
    body: v1Body,
    responses,
    async handler({ app, req, user, body }) {
      const request = { fileName: body.filePathProps.fileName, contentType: body.fileType }
      return answer(await app.chats.requestUpload(body.filePathProps.sessionId, request, { origin: chatOrigin(req), user }))
    },
  }),
]

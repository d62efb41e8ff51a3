// Typebot's generate-upload-url: where the embed client sends a file before replying with its URL. Answered with an
// upload URL of Parley's file storage (`presignedUrl`), which takes both the raw PUT of 0.10.x clients and the
// multipart POST of older ones (api/routes/files.ts). `formData` stays empty: 0.3.x clients iterate it unguarded,
// and 0.10.x PUTs only when it is empty. The session id is the credential, as in Typebot.
import { z } from 'zod'
import { errorSchema, idSchema } from '../../../contract/api.js'
import { defineRoute } from '../../route.js'
import { errors } from '../chat.js'
import { chatOrigin } from './origin.js'

const tags = ['Typebot-compatible chat']

const uploadTarget = z.object({ presignedUrl: z.string(), formData: z.record(z.string(), z.string()), fileUrl: z.string() })

const responses = {
  200: { description: 'Where to upload the file (PUT its bytes, or POST a form with it under `file`), and its URL', schema: uploadTarget },
  ...errors,
  400: { description: 'Invalid request, or the chat is not waiting on that block or it takes no uploads', schema: errorSchema },
  413: { description: "Larger than the block's (or the server's) size limit", schema: errorSchema },
  415: { description: 'A file type the block does not accept', schema: errorSchema },
}

// `fileType` is the browser's `File.type`: empty when it does not know the type.
const fileFields = { sessionId: idSchema, fileName: z.string().min(1).max(255), fileType: z.string().max(255).optional() }

const answer = ({ uploadUrl, fileUrl }: { uploadUrl: string; fileUrl: string }) => ({ presignedUrl: uploadUrl, formData: {}, fileUrl })

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
    auth: 'optional',
    tags,
    summary:
      'Ask where to upload a file for the input the chat waits on (file input, text input attachments or voice clip); without `fileSize` the size is checked on upload',
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
    auth: 'optional',
    tags,
    summary: 'generate-upload-url of Typebot clients 0.2.90 to 0.3.31: no block id (the block the chat waits on) and no size',
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
    auth: 'optional',
    tags,
    summary: 'generate-upload-url of Typebot clients before 0.2.90: the session and file name under `filePathProps`',
    body: v1Body,
    responses,
    async handler({ app, req, user, body }) {
      const request = { fileName: body.filePathProps.fileName, contentType: body.fileType }
      return answer(await app.chats.requestUpload(body.filePathProps.sessionId, request, { origin: chatOrigin(req), user }))
    },
  }),
]

// The template gallery: list, read, preview by slug (a chat that creates no bot) and the preview frame's token. A
// template is used with POST /v1/bots (`templateSlug`, `credentials`). For signed-in callers only, as in Typebot:
// a preview runs on this server, so anonymous callers get none.
import { z } from 'zod'
import { startChatResponse } from '../../blocks/wire.js'
import { errorSchema } from '../../contract/api.js'
import { previewStartBody } from '../../contract/chat.js'
import { templateParams, templateSchema, templateSummarySchema } from '../../contract/templatesApi.js'
import { notFound } from '../../app/errors.js'
import { defineRoute } from '../route.js'
import { PREVIEW_FRAME_PATH } from '../web/previewFrame.js'
import { exampleFirstTurn } from './botExamples.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Templates']
const errors = {
  401: { description: 'Missing or unknown token', schema: errorSchema },
  404: { description: 'Unknown template', schema: errorSchema },
}

const exampleSummary = {
  slug: 'ai-faq',
  name: 'FAQ with AI',
  description: 'Answers free questions with a language model (OpenAI or a compatible server) told about your business.',
  category: 'support' as const,
  credentials: [{ blockId: 'ai-model', blockType: 'openai', type: 'openai' }],
}

export const templateRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/templates',
    operationId: 'listTemplates',
    auth: 'required',
    tags,
    summary: 'List the templates a bot can be created from',
    description:
      'The gallery of ready-made bots this server offers, each with a `slug`, a name, a description, a category and the credentials its blocks need (`credentials`: one entry per block, with the credentials type it reads). Preview one with POST /v1/templates/{slug}/preview/startChat; create a bot from one with POST /v1/bots (`templateSlug`, and `credentials` by block id).',
    example: {
      response: {
        status: 200,
        body: {
          templates: [
            {
              slug: 'lead-capture',
              name: 'Lead capture',
              description: "Asks for the visitor's name, email and need, then confirms.",
              category: 'marketing',
              credentials: [],
            },
            exampleSummary,
          ],
        },
      },
    },
    responses: { 200: { description: 'The templates', schema: z.object({ templates: z.array(templateSummarySchema) }) }, ...errors },
    async handler({ app }) {
      return { templates: app.templates.list() }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/templates/{slug}',
    operationId: 'getTemplate',
    auth: 'required',
    tags,
    summary: 'Read a template, with its bot document',
    description: 'One template of GET /v1/templates with its bot (Typebot v6 format), as POST /v1/bots would copy it. 404 for an unknown slug.',
    example: {
      params: { slug: 'ai-faq' },
      response: {
        status: 200,
        body: { template: { ...exampleSummary, bot: { version: '6', name: 'FAQ with AI', groups: [], edges: [], variables: [], events: [] } } },
      },
    },
    params: templateParams,
    responses: { 200: { description: 'The template', schema: z.object({ template: templateSchema }) }, ...errors },
    async handler({ app, params }) {
      const template = app.templates.get(params.slug)
      if (!template) throw notFound(`No template "${params.slug}".`)
      return { template }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/templates/{slug}/preview/token',
    operationId: 'createTemplatePreviewToken',
    auth: 'required',
    tags,
    summary: "Make a preview token for a template's preview frame",
    description:
      "For the gallery's preview, which runs the template in a frame on the user-content origin (`frameUrl`) where the builder's session must not go: the token starts preview chats on this template only (POST /v1/templates/{slug}/preview/startChat, as a bearer token) and drives the sessions it starts; it reaches nothing else and expires after two hours.",
    example: {
      params: { slug: 'quiz' },
      response: {
        status: 200,
        body: {
          token:
            'pv_WyJjYnM1Y3lwZXc0M2s2cWYybGJmeGJ2YjdhIiwidGVtcGxhdGU6cXVpeiIsInByZXZpZXctdGVtcGxhdGUtcXVpeiIsMTc5NTUxNjgwMDAwMF0.3nq1gU0T2Yk9s0m3N8j4wX9mKp6yV1qD7hR2tA5cE0o',
          expiresAt: '2026-11-28T14:00:00.000Z',
          frameUrl: 'https://chat.example.com/preview/frame',
        },
      },
    },
    params: templateParams,
    responses: {
      200: {
        description: 'The token, when it expires, and the page that runs a preview with it',
        schema: z.object({ token: z.string(), expiresAt: z.string(), frameUrl: z.string() }),
      },
      ...errors,
    },
    async handler({ app, sites, user, params }) {
      return { ...app.chats.issueTemplatePreviewToken(user, params.slug), frameUrl: `${sites.contentUrl()}${PREVIEW_FRAME_PATH}` }
    },
  }),
]

/** On the chat API (bearer and preview tokens, never the builder's session cookie). */
export const templateChatRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/templates/{slug}/preview/startChat',
    operationId: 'startTemplatePreviewChat',
    auth: 'required',
    previewToken: true,
    tags: ['Chat', ...tags],
    summary: 'Start a preview chat on a template, without creating a bot',
    description:
      "Chats with a template of GET /v1/templates as a preview chat: nothing is stored as a result, and no bot is created. Continue it with POST /v1/sessions/{sessionId}/continueChat (only you can). It runs in no workspace, so blocks that need credentials (the template's `credentials`) run without any: the first answer says so in its `logs`, and the block itself logs the error when reached. Signed-in callers only.",
    example: {
      params: { slug: 'lead-capture' },
      body: {},
      response: {
        status: 200,
        body: {
          sessionId: '2UVlTVlrCxDUcqG0_-Ydg32OUMAYIqqe',
          bot: { id: 'template:lead-capture', version: '3', theme: {}, settings: { general: {}, typingEmulation: {} } },
          ...exampleFirstTurn,
        },
      },
    },
    params: templateParams,
    body: previewStartBody.unwrap().omit({ bot: true, isProgressBarEnabled: true }).default({ textBubbleContentFormat: 'richText' }),
    responses: {
      200: { description: 'First messages and input', schema: startChatResponse.omit({ resultId: true }) },
      400: { description: 'Invalid request', schema: errorSchema },
      ...errors,
      409: { description: 'The session id is in use by another chat', schema: errorSchema },
    },
    async handler({ app, user, params, body }) {
      const { textBubbleContentFormat, ...options } = body
      const { schemaVersion: _, ...started } = await app.chats.startTemplatePreview(user, params.slug, {
        ...options,
        textFormat: textBubbleContentFormat,
      })
      return started
    },
  }),
]

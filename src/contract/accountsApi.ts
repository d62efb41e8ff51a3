// zod schemas of the accounts API: sign-up and sign-in (`/v1/auth/…`), the caller's account and API tokens (`/v1/me…`).
import { z } from 'zod'
import { idSchema as id } from './api.js'
import { type Language, languageTags } from './languages.js'

const emailInput = z.string().trim().toLowerCase().pipe(z.email().max(320))
const newPassword = z.string().min(8, 'At least 8 characters.').max(256)
const personName = z.string().trim().min(1).max(200)
const linkToken = z.string().min(1).max(200)

/** One of the web app's languages (contract/languages.ts). */
const languageSchema = z.enum(languageTags as [Language, ...Language[]])
export const meSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    createdAt: z.string(),
    hasPassword: z.boolean(),
    /** The owner proved the email (an emailed link, a provider's verified email, or the operator made the account). */
    emailVerified: z.boolean(),
    /** An identity at the OpenID Connect provider signs in to this account. */
    oidcConnected: z.boolean(),
    /** The web app's language the user chose; null: their browser's. */
    language: languageSchema.nullable(),
  })
  .meta({ id: 'Me' })
export const authStatusSchema = z
  .object({
    /** No account can sign in yet: the browser should show the first-run setup. */
    setupNeeded: z.boolean(),
    /** Anyone may sign up (false: only invited emails may). */
    signupOpen: z.boolean(),
    methods: z.object({
      password: z.boolean(),
      passwordResetByEmail: z.boolean(),
      magicLink: z.boolean(),
      oidc: z.object({ name: z.string() }).nullable(),
    }),
    user: meSchema.nullable(),
    /** Send it as `x-csrf-token` on every POST, PUT, PATCH and DELETE made with the session cookie. */
    csrfToken: z.string().nullable(),
    /** The user-content origin: bot pages, the editor's preview frame and stored files (PARLEY_CHAT_URL). */
    chatUrl: z.string(),
  })
  .meta({ id: 'AuthStatus' })
export const signedInSchema = z.object({ user: meSchema, csrfToken: z.string(), expiresAt: z.string() }).meta({ id: 'SignedIn' })
export const signUpBody = z.object({ name: personName, email: emailInput, password: newPassword })
export const signUpWithInvitationBody = signUpBody.extend({
  invitation: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "The token of an invitation link sent to `email` (the link's last segment): needed while sign-up is closed." }),
})
export const signInBody = z.object({ email: emailInput, password: z.string().min(1).max(256) })
export const emailBody = z.object({ email: emailInput })
export const resetPasswordBody = z.object({ token: linkToken, password: newPassword })
export const linkTokenBody = z.object({ token: linkToken })
export const updateMeBody = z
  .object({
    name: personName.optional(),
    currentPassword: z.string().max(256).optional(),
    newPassword: newPassword.optional(),
    language: languageSchema.nullable().optional().meta({ description: "The web app's language: en, pt-BR, es, fr or de; null: the browser's." }),
  })
  .refine((b) => b.name !== undefined || b.newPassword !== undefined || b.language !== undefined, {
    message: 'Give name, newPassword and/or language.',
  })
export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The one workspace the token reaches; null: all of its user's. */
    workspaceId: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' })
export const createApiTokenBody = z.object({
  name: z.string().trim().min(1).max(100),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  workspaceId: id.nullable().optional(),
})
export const tokenParams = z.object({ tokenId: id })

// The credential kinds blocks read (docs/credentials.md) and the fields of each, for the create form. Field names
// are Typebot's, so credentials copied from Typebot keep working. Labels are English (`msg`), translated where shown;
// product names stay as they are.
import { msg, t } from '../i18n/index.js'

export type CredentialField = {
  key: string
  label: string
  secret?: boolean
  required?: boolean
  placeholder?: string
  /** A line under the label (English, `msg`). */
  description?: string
  kind?: 'number' | 'boolean' | 'multiline'
}
export type CredentialType = { type: string; label: string; fields: CredentialField[] }

const apiKey = (placeholder?: string): CredentialField => ({ key: 'apiKey', label: msg('API key'), secret: true, required: true, placeholder })
const baseUrl = (placeholder: string): CredentialField => ({ key: 'baseUrl', label: msg('Base URL (optional)'), placeholder })

export const credentialTypes: CredentialType[] = [
  {
    type: 'openai',
    label: msg('OpenAI or OpenAI-compatible'),
    fields: [apiKey('sk-…'), baseUrl('https://api.openai.com/v1'), { key: 'apiVersion', label: msg('API version (Azure only)') }],
  },
  { type: 'anthropic', label: 'Anthropic', fields: [apiKey(), baseUrl('https://api.anthropic.com/v1')] },
  { type: 'mistral', label: 'Mistral', fields: [apiKey(), baseUrl('https://api.mistral.ai/v1')] },
  { type: 'groq', label: 'Groq', fields: [apiKey(), baseUrl('https://api.groq.com/openai/v1')] },
  { type: 'deepseek', label: 'DeepSeek', fields: [apiKey(), baseUrl('https://api.deepseek.com')] },
  { type: 'perplexity', label: 'Perplexity', fields: [apiKey(), baseUrl('https://api.perplexity.ai')] },
  { type: 'together-ai', label: 'Together AI', fields: [apiKey(), baseUrl('https://api.together.xyz/v1')] },
  { type: 'open-router', label: 'OpenRouter', fields: [apiKey(), baseUrl('https://openrouter.ai/api/v1')] },
  { type: 'elevenlabs', label: 'ElevenLabs', fields: [apiKey(), baseUrl('https://api.elevenlabs.io')] },
  {
    type: 'smtp',
    label: msg('SMTP (email)'),
    fields: [
      { key: 'host', label: msg('Host'), required: true, placeholder: 'smtp.example.com' },
      { key: 'port', label: msg('Port'), kind: 'number', placeholder: '587' },
      { key: 'secure', label: msg('TLS from the start (port 465)'), kind: 'boolean' },
      { key: 'username', label: msg('Username'), required: true },
      { key: 'password', label: msg('Password'), secret: true, required: true },
      { key: 'from', label: msg('From'), required: true, placeholder: 'Support <support@example.com>' },
    ],
  },
  {
    type: 'dify-ai',
    label: 'Dify.AI',
    fields: [
      apiKey('app-…'),
      { key: 'knowledgeApiKey', label: msg('Knowledge API key'), secret: true, placeholder: 'dataset-…' },
      { key: 'apiEndpoint', label: msg('API endpoint'), placeholder: 'https://api.dify.ai' },
    ],
  },
  { type: 'chat-node', label: 'ChatNode', fields: [apiKey(), baseUrl('https://api.public.chatnode.ai/v1')] },
  { type: 'posthog', label: 'PostHog', fields: [apiKey(), { key: 'host', label: msg('Host'), placeholder: 'https://us.i.posthog.com' }] },
  { type: 'segment', label: 'Segment', fields: [{ ...apiKey(), label: msg('Write key') }, baseUrl('https://api.segment.io')] },
  { type: 'nocodb', label: 'NocoDB', fields: [{ ...apiKey(), label: msg('API token') }, baseUrl('https://app.nocodb.com')] },
  { type: 'blink', label: 'Blink', fields: [{ ...apiKey(), label: msg('App token') }, baseUrl('https://api.joinblink.com/v2')] },
  {
    type: 'stripe',
    label: 'Stripe',
    fields: [
      { key: 'liveSecretKey', label: msg('Live secret key'), secret: true, required: true },
      { key: 'livePublicKey', label: msg('Live publishable key'), required: true },
      { key: 'testSecretKey', label: msg('Test secret key'), secret: true },
      { key: 'testPublicKey', label: msg('Test publishable key') },
    ],
  },
  {
    type: 'http proxy',
    label: msg('HTTP proxy'),
    fields: [{ key: 'url', label: msg('Proxy URL'), secret: true, required: true, placeholder: 'http://user:pass@host:port' }],
  },
  {
    type: 'google sheets',
    label: msg('Google Sheets (service account)'),
    fields: [
      { key: 'clientEmail', label: msg('Service account email'), required: true },
      { key: 'privateKey', label: msg('Private key (PEM)'), secret: true, required: true, kind: 'multiline' },
    ],
  },
  {
    type: 'zendesk',
    label: 'Zendesk',
    fields: [
      { key: 'conversationsKeyId', label: msg('Conversations key id'), required: true },
      { key: 'conversationsSecretKey', label: msg('Conversations secret key'), secret: true, required: true },
    ],
  },
  {
    type: 'whatsApp',
    label: msg('WhatsApp (Meta Cloud API)'),
    fields: [
      { key: 'systemUserAccessToken', label: msg('System user access token'), secret: true, required: true },
      { key: 'phoneNumberId', label: msg('Phone number ID'), required: true },
      { key: 'wabaId', label: msg('WhatsApp Business Account ID (optional)') },
      {
        key: 'appSecret',
        label: msg('App secret (optional)'),
        secret: true,
        description: msg('With it, webhook calls are accepted only when signed by Meta (X-Hub-Signature-256).'),
      },
    ],
  },
  {
    type: 'telegram',
    label: msg('Telegram bot'),
    fields: [
      { key: 'botToken', label: msg('Bot token'), secret: true, required: true, placeholder: '123456789:AA…', description: msg('From @BotFather.') },
      {
        key: 'secretToken',
        label: msg('Webhook secret token (optional)'),
        secret: true,
        description: msg('Telegram sends it with every update. Left empty, one is generated.'),
      },
    ],
  },
]

/** A kind's name in the app's language (the type itself for a kind this list does not know). */
export const credentialLabel = (type: string) => {
  const label = credentialTypes.find((kind) => kind.type === type)?.label
  return label ? t(label) : type
}

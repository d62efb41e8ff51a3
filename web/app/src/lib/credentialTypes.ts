// The credential kinds blocks read (docs/credentials.md) and the fields of each, for the create form. Field names
// are Typebot's, so credentials copied from Typebot keep working.
export type CredentialField = {
  key: string
  label: string
  secret?: boolean
  required?: boolean
  placeholder?: string
  kind?: 'number' | 'boolean' | 'multiline'
}
export type CredentialType = { type: string; label: string; fields: CredentialField[] }

const apiKey = (placeholder?: string): CredentialField => ({ key: 'apiKey', label: 'API key', secret: true, required: true, placeholder })
const baseUrl = (placeholder: string): CredentialField => ({ key: 'baseUrl', label: 'Base URL (optional)', placeholder })

export const credentialTypes: CredentialType[] = [
  {
    type: 'openai',
    label: 'OpenAI or OpenAI-compatible',
    fields: [apiKey('sk-…'), baseUrl('https://api.openai.com/v1'), { key: 'apiVersion', label: 'API version (Azure only)' }],
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
    label: 'SMTP (email)',
    fields: [
      { key: 'host', label: 'Host', required: true, placeholder: 'smtp.example.com' },
      { key: 'port', label: 'Port', kind: 'number', placeholder: '587' },
      { key: 'secure', label: 'TLS from the start (port 465)', kind: 'boolean' },
      { key: 'username', label: 'Username', required: true },
      { key: 'password', label: 'Password', secret: true, required: true },
      { key: 'from', label: 'From', required: true, placeholder: 'Support <support@example.com>' },
    ],
  },
  {
    type: 'dify-ai',
    label: 'Dify.AI',
    fields: [
      apiKey('app-…'),
      { key: 'knowledgeApiKey', label: 'Knowledge API key', secret: true, placeholder: 'dataset-…' },
      { key: 'apiEndpoint', label: 'API endpoint', placeholder: 'https://api.dify.ai' },
    ],
  },
  { type: 'chat-node', label: 'ChatNode', fields: [apiKey(), baseUrl('https://api.public.chatnode.ai/v1')] },
  { type: 'posthog', label: 'PostHog', fields: [apiKey(), { key: 'host', label: 'Host', placeholder: 'https://us.i.posthog.com' }] },
  { type: 'segment', label: 'Segment', fields: [{ ...apiKey(), label: 'Write key' }, baseUrl('https://api.segment.io')] },
  { type: 'nocodb', label: 'NocoDB', fields: [{ ...apiKey(), label: 'API token' }, baseUrl('https://app.nocodb.com')] },
  { type: 'blink', label: 'Blink', fields: [{ ...apiKey(), label: 'App token' }, baseUrl('https://api.joinblink.com/v2')] },
  {
    type: 'stripe',
    label: 'Stripe',
    fields: [
      { key: 'liveSecretKey', label: 'Live secret key', secret: true, required: true },
      { key: 'livePublicKey', label: 'Live publishable key', required: true },
      { key: 'testSecretKey', label: 'Test secret key', secret: true },
      { key: 'testPublicKey', label: 'Test publishable key' },
    ],
  },
  {
    type: 'http proxy',
    label: 'HTTP proxy',
    fields: [{ key: 'url', label: 'Proxy URL', secret: true, required: true, placeholder: 'http://user:pass@host:port' }],
  },
  {
    type: 'google sheets',
    label: 'Google Sheets (service account)',
    fields: [
      { key: 'clientEmail', label: 'Service account email', required: true },
      { key: 'privateKey', label: 'Private key (PEM)', secret: true, required: true, kind: 'multiline' },
    ],
  },
  {
    type: 'zendesk',
    label: 'Zendesk',
    fields: [
      { key: 'conversationsKeyId', label: 'Conversations key id', required: true },
      { key: 'conversationsSecretKey', label: 'Conversations secret key', secret: true, required: true },
    ],
  },
]

export const credentialLabel = (type: string) => credentialTypes.find((t) => t.type === type)?.label ?? type

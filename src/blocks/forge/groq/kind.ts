// Groq forged block (`groq`): "Create chat completion" (its only action) against Groq's OpenAI-compatible API,
// or the credentials' base URL. Groq blocks name their model (no runtime default, as in Typebot).
import { forgedLlmKind } from '../../shared/llm/forged.js'

export const forgedGroq = forgedLlmKind({
  type: 'groq',
  label: 'Groq',
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  hasEndpointOptions: false,
  generatesVariables: false,
  streamUsage: true,
  unsupported: {},
})

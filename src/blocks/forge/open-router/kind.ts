// OpenRouter forged block (`open-router`): "Create chat completion" (its only action) against OpenRouter's
// OpenAI-compatible API, or the credentials' base URL.
import { forgedLlmKind } from '../../shared/llm/forged.js'

export const forgedOpenRouter = forgedLlmKind({
  type: 'open-router',
  label: 'OpenRouter',
  defaultBaseUrl: 'https://openrouter.ai/api/v1',
  hasEndpointOptions: false,
  generatesVariables: false,
  unsupported: {},
})

// Perplexity forged block (`perplexity`): "Create chat completion" (its only action) against Perplexity's
// OpenAI-compatible API, or the credentials' base URL. Citations are not saved, only the text, and tools are not
// sent (as in Typebot).
import { forgedLlmKind } from '../../shared/llm/forged.js'

export const forgedPerplexity = forgedLlmKind({
  type: 'perplexity',
  label: 'Perplexity',
  defaultBaseUrl: 'https://api.perplexity.ai',
  hasEndpointOptions: false,
  generatesVariables: false,
  ignoresTools: true,
  unsupported: {},
})

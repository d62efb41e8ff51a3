// Mistral forged block (`mistral`): the same chat completion and "Generate variables" actions as OpenAI's,
// against Mistral's OpenAI-compatible API (or the credentials' base URL). Mistral blocks always name their model.
import { forgedLlmKind } from '../../shared/llm/forged.js'

export const forgedMistral = forgedLlmKind({
  type: 'mistral',
  label: 'Mistral',
  defaultBaseUrl: 'https://api.mistral.ai/v1',
  generatesVariables: true,
  hasEndpointOptions: false,
  unsupported: {},
})

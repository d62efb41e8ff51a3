// Together AI forged block (`together-ai`): "Create chat completion" (its only action) against Together's
// OpenAI-compatible API, or the credentials' base URL.
import { forgedLlmKind } from '../../shared/llm/forged.js'

export const forgedTogetherAi = forgedLlmKind({
  type: 'together-ai',
  label: 'Together',
  defaultBaseUrl: 'https://api.together.xyz/v1',
  hasEndpointOptions: false,
  generatesVariables: false,
  unsupported: {},
})

// DeepSeek forged block (`deepseek`): "Create chat completion" (its only action) against DeepSeek's
// OpenAI-compatible API, or the credentials' base URL. Reasoning text (`reasoning_content`) is neither shown nor saved.
import { forgedLlmKind } from '../../shared/llm/forged.js'

export const forgedDeepseek = forgedLlmKind({
  type: 'deepseek',
  label: 'DeepSeek',
  defaultBaseUrl: 'https://api.deepseek.com',
  hasEndpointOptions: false,
  generatesVariables: false,
  streamUsage: true,
  unsupported: {},
})

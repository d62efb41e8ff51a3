// Anthropic forged block (`anthropic`): "Create Chat Message" (the block's `systemMessage`, then its messages and
// dialogue) and "Generate variables" (a forced tool `json`) against Anthropic's Messages API, at the credentials'
// base URL, else Anthropic's. Streams like the other LLM blocks. Image URLs in user messages are sent as text.
import { forgedLlmKind } from '../../shared/llm/forged.js'

export const forgedAnthropic = forgedLlmKind({
  type: 'anthropic',
  label: 'Anthropic',
  defaultBaseUrl: 'https://api.anthropic.com/v1',
  api: 'anthropic',
  chatAction: 'Create Chat Message',
  hasEndpointOptions: false,
  generatesVariables: true,
  unsupported: {},
})

// Anthropic forged block (`anthropic`): "Create Chat Message" (the block's `systemMessage`, then its messages and
// dialogue) and "Generate variables" (a forced tool `json`) against Anthropic's Messages API, at the credentials'
// base URL, else Anthropic's. Streams like the other LLM blocks. Claude models see the images user messages link to.
import { forgedLlmKind } from '../../shared/llm/forged.js'
import { anthropicModelSeesImages } from '../../shared/llm/vision.js'

export const forgedAnthropic = forgedLlmKind({
  type: 'anthropic',
  label: 'Anthropic',
  defaultBaseUrl: 'https://api.anthropic.com/v1',
  api: 'anthropic',
  chatAction: 'Create Chat Message',
  hasEndpointOptions: false,
  generatesVariables: true,
  seesImages: anthropicModelSeesImages,
  unsupported: {},
})

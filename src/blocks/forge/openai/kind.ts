// OpenAI forged block (`openai`). Chat completions, "Generate variables" and "Ask Assistant" (assistant.ts) run
// against the OpenAI-compatible API of the credentials (their base URL, else OpenAI's; never the block's). The
// other actions need endpoints Parley does not call, so they answer with an error log and the flow goes on.
import { forgedLlmKind } from '../../shared/llm/forged.js'
import { askAssistant } from './assistant.js'

const notRun = (action: string, why: string) => `OpenAI "${action}" is not available: ${why}. The flow went on past the block.`

export const forgedOpenai = forgedLlmKind({
  type: 'openai',
  label: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  defaultModel: 'gpt-4o-mini',
  generatesVariables: true,
  streamUsage: true,
  hasEndpointOptions: true,
  otherActions: { 'Ask Assistant': (options, connection, ctx) => askAssistant(options, connection, ctx) },
  unsupported: {
    'Create speech': notRun('Create speech', 'the generated audio must be stored as a file, and Parley has no file storage'),
    'Create transcription': notRun('Create transcription', 'it uploads the audio file to /audio/transcriptions, which Parley does not do'),
  },
})

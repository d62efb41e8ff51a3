// OpenAI forged block (`openai`). Chat completions, "Generate variables", "Ask Assistant" (assistant.ts), speech and
// transcription (each in its own module) run against the OpenAI-compatible API of the credentials (their base URL,
// else OpenAI's; never the block's). "Ask Model" (the Responses API) is not run: it answers with an error log and the
// flow goes on.
import { forgedLlmKind } from '../../shared/llm/forged.js'
import { askAssistant } from './assistant.js'
import { createSpeech } from './createSpeech.js'
import { createTranscription } from './createTranscription.js'

export const forgedOpenai = forgedLlmKind({
  type: 'openai',
  label: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  defaultModel: 'gpt-4o-mini',
  generatesVariables: true,
  streamUsage: true,
  hasEndpointOptions: true,
  actions: {
    'Ask Assistant': (options, ctx, connection) => askAssistant(options, connection, ctx),
    'Create speech': createSpeech,
    'Create transcription': createTranscription,
  },
  unsupported: {
    'Ask Model':
      'OpenAI "Ask Model" is not available: it needs OpenAI\'s Responses API, which Parley does not call; use "Create chat completion" instead. The flow went on past the block.',
  },
})

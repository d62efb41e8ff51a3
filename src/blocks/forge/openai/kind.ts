// OpenAI forged block (`openai`). Chat completions, "Generate variables", "Ask Assistant" (assistant.ts), "Ask
// Model" (askModel.ts), speech and transcription (each in its own module) run against the OpenAI-compatible API of
// the credentials (their base URL, else OpenAI's; never the block's).
import { forgedLlmKind } from '../../shared/llm/forged.js'
import { openAiModelSeesImages } from '../../shared/llm/vision.js'
import { askAssistant } from './assistant.js'
import { askModel } from './askModel.js'
import { createSpeech } from './createSpeech.js'
import { createTranscription } from './createTranscription.js'

export const forgedOpenai = forgedLlmKind({
  type: 'openai',
  label: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  defaultModel: 'gpt-4o-mini',
  generatesVariables: true,
  streamUsage: true,
  seesImages: openAiModelSeesImages,
  hasEndpointOptions: true,
  actions: {
    'Ask Assistant': (options, ctx, connection, blockId) => askAssistant(options, connection, ctx, blockId),
    'Ask Model': askModel,
    'Create speech': createSpeech,
    'Create transcription': createTranscription,
  },
  unsupported: {},
})

import { openAiCompatibleKindTests } from '../../../../test/support/llmKinds.js'
import { forgedOpenRouter } from './kind.js'

openAiCompatibleKindTests(forgedOpenRouter, { label: 'OpenRouter', defaultBaseUrl: 'https://openrouter.ai/api/v1' })

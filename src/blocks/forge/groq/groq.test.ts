import { openAiCompatibleKindTests } from '../../../../test/support/llmKinds.js'
import { forgedGroq } from './kind.js'

openAiCompatibleKindTests(forgedGroq, { label: 'Groq', defaultBaseUrl: 'https://api.groq.com/openai/v1' })

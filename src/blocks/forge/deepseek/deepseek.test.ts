import { openAiCompatibleKindTests } from '../../../../test/support/llmKinds.js'
import { forgedDeepseek } from './kind.js'

openAiCompatibleKindTests(forgedDeepseek, { label: 'DeepSeek', defaultBaseUrl: 'https://api.deepseek.com', streamUsage: true })

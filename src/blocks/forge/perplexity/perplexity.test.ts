import { openAiCompatibleKindTests } from '../../../../test/support/llmKinds.js'
import { forgedPerplexity } from './kind.js'

openAiCompatibleKindTests(forgedPerplexity, { label: 'Perplexity', defaultBaseUrl: 'https://api.perplexity.ai' })

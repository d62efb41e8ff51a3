import { openAiCompatibleKindTests } from '../../../../test/support/llmKinds.js'
import { forgedTogetherAi } from './kind.js'

openAiCompatibleKindTests(forgedTogetherAi, { label: 'Together', defaultBaseUrl: 'https://api.together.xyz/v1' })

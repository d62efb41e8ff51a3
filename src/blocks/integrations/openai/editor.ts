// The OpenAI (legacy) block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { llmLabels, messageRows } from '../../../contract/bot/formHints.js'
import { openAITasks } from './schema.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: IntegrationBlockType.OPEN_AI,
  category: 'integrations',
  label: 'OpenAI (legacy)',
  description: 'Chat completion, speech or images with OpenAI',
  icon: 'IconBrandOpenai',
  defaults: () => ({ options: { task: openAITasks[0].name, messages: [], responseMapping: [] } }),
  hints: { labels: llmLabels, shownWhen: messageRows, order: { options: ['task', 'credentialsId', 'model', 'messages'] } },
  exits: 'block',
  credentialsType: 'openai',
  actions: { key: 'task', list: openAITasks },
  summary: optionSummary(
    (o) => o.task,
    (task) => task,
    (t) => t('No task yet'),
  ),
}

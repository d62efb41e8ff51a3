// Template: questions answered by a model (the `openai` block: OpenAI or any OpenAI-compatible server, by the
// credentials chosen when the template is used), with the conversation kept as its dialogue.
import { ask, botDoc, edge, group, type Part, say, start } from './parts.js'
import type { Template } from './types.js'

const instructions =
  'You answer questions from visitors of our website, briefly and kindly. Our shop is open Monday to Friday, 9:00 to 18:00; ' +
  'orders ship within 2 business days; any item can be returned within 30 days. If you do not know the answer, say so ' +
  'and suggest writing to our team instead of guessing.'

const appendTo = (id: string, item: string, outgoingEdgeId: string): Part => ({
  id,
  type: 'Set variable',
  options: { variableId: 'ai-v-history', type: 'Append value(s)', item },
  outgoingEdgeId,
})

const groups: Part[] = [
  group('ai-intro', 'Welcome', 300, 0, [
    say('ai-hello', 'Hi! I am the virtual assistant. Ask me about opening hours, shipping or returns.', 'ai-e-ask'),
  ]),
  group('ai-ask', 'Question', 700, 0, [
    ask('ai-question', 'text input', 'ai-v-question', { labels: { placeholder: 'Type your question…' } }),
    appendTo('ai-keep-question', '{{Question}}', 'ai-e-answer'),
  ]),
  group('ai-answer', 'Answer', 1100, 0, [
    {
      id: 'ai-model',
      type: 'openai',
      options: {
        action: 'Create chat completion',
        model: 'gpt-4o-mini',
        messages: [
          { id: 'ai-m-system', role: 'system', content: instructions },
          { id: 'ai-m-dialogue', role: 'Dialogue', dialogueVariableId: 'ai-v-history' },
        ],
        responseMapping: [{ id: 'ai-map', item: 'Message content', variableId: 'ai-v-answer' }],
      },
    },
    say('ai-say', '{{Answer}}'),
    appendTo('ai-keep-answer', '{{Answer}}', 'ai-e-again'),
  ]),
]

export const aiFaq: Template = {
  slug: 'ai-faq',
  category: 'support',
  name: 'FAQ with AI',
  description: 'Answers free questions with a language model (OpenAI or a compatible server) told about your business.',
  bot: botDoc('FAQ with AI', {
    events: [start('ai-start', 'ai-e-start')],
    groups,
    edges: [
      edge('ai-e-start', { eventId: 'ai-start' }, 'ai-intro'),
      edge('ai-e-ask', { blockId: 'ai-hello' }, 'ai-ask'),
      edge('ai-e-answer', { blockId: 'ai-keep-question' }, 'ai-answer'),
      edge('ai-e-again', { blockId: 'ai-keep-answer' }, 'ai-ask'),
    ],
    variables: [
      { id: 'ai-v-question', name: 'Question', isSessionVariable: true },
      { id: 'ai-v-answer', name: 'Answer', isSessionVariable: true },
      { id: 'ai-v-history', name: 'Conversation', isSessionVariable: true },
    ],
  }),
}

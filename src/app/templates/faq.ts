// Template: answers to common questions behind buttons, looping back to the menu until the visitor is done.
import { botDoc, edge, group, say, start } from './parts.js'
import type { Template } from './types.js'

const topics = [
  { key: 'hours', label: 'Opening hours', answer: 'We are open Monday to Friday, 9:00 to 18:00.' },
  { key: 'shipping', label: 'Shipping', answer: 'Orders ship within 2 business days; delivery takes 3 to 5 days.' },
  { key: 'returns', label: 'Returns', answer: 'You can return any item within 30 days for a full refund.' },
]

const menu = group('faq-menu', 'Menu', 300, 0, [
  say('faq-ask', 'What would you like to know?'),
  {
    id: 'faq-topics',
    type: 'choice input',
    items: [
      ...topics.map((t) => ({ id: `faq-item-${t.key}`, content: t.label, outgoingEdgeId: `faq-e-${t.key}` })),
      { id: 'faq-item-human', content: 'Talk to a person', outgoingEdgeId: 'faq-e-human' },
    ],
    options: { variableId: 'faq-v-topic' },
  },
])

const answers = topics.map((t, i) =>
  group(`faq-${t.key}`, t.label, 700, i * 150, [{ ...say(`faq-say-${t.key}`, t.answer), outgoingEdgeId: `faq-e-more-${t.key}` }]),
)

const more = group('faq-more', 'Anything else?', 1100, 0, [
  say('faq-more-ask', 'Anything else I can help with?'),
  {
    id: 'faq-more-choice',
    type: 'choice input',
    items: [
      { id: 'faq-more-yes', content: 'Yes', outgoingEdgeId: 'faq-e-again' },
      { id: 'faq-more-no', content: 'No, thanks', outgoingEdgeId: 'faq-e-bye' },
    ],
  },
])

const human = group('faq-human', 'Human', 700, 500, [
  say('faq-human-say', 'Leave your email and a person will answer you shortly.'),
  { id: 'faq-human-email', type: 'email input', outgoingEdgeId: 'faq-e-bye-2', options: { variableId: 'faq-v-email' } },
])

const bye = group('faq-bye', 'Goodbye', 1500, 0, [say('faq-bye-say', 'Have a great day!')])

export const faq: Template = {
  slug: 'faq',
  category: 'support',
  name: 'FAQ',
  description: 'Answers to common questions behind buttons, with a hand-off to a person.',
  bot: botDoc('FAQ', {
    events: [start('faq-start', 'faq-e-start')],
    groups: [menu, ...answers, more, human, bye],
    edges: [
      edge('faq-e-start', { eventId: 'faq-start' }, 'faq-menu'),
      ...topics.map((t) => edge(`faq-e-${t.key}`, { blockId: 'faq-topics', itemId: `faq-item-${t.key}` }, `faq-${t.key}`)),
      edge('faq-e-human', { blockId: 'faq-topics', itemId: 'faq-item-human' }, 'faq-human'),
      ...topics.map((t) => edge(`faq-e-more-${t.key}`, { blockId: `faq-say-${t.key}` }, 'faq-more')),
      edge('faq-e-again', { blockId: 'faq-more-choice', itemId: 'faq-more-yes' }, 'faq-menu'),
      edge('faq-e-bye', { blockId: 'faq-more-choice', itemId: 'faq-more-no' }, 'faq-bye'),
      edge('faq-e-bye-2', { blockId: 'faq-human-email' }, 'faq-bye'),
    ],
    variables: [
      { id: 'faq-v-topic', name: 'Topic' },
      { id: 'faq-v-email', name: 'Email' },
    ],
  }),
}

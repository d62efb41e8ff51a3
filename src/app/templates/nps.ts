// Template: the Net Promoter Score question (0–10), then a follow-up for promoters, passives or detractors.
import { ask, botDoc, condition, edge, group, type Part, say, start, when } from './parts.js'
import type { Template } from './types.js'

const followUp = (key: string, title: string, y: number, question: string): Part =>
  group(`nps-${key}`, title, 700, y, [
    say(`nps-${key}-ask`, question),
    ask(`nps-${key}-why`, 'text input', 'nps-v-reason', { isLong: true }, `nps-e-${key}-done`),
  ])

const groups: Part[] = [
  group('nps-score', 'Score', 300, 0, [
    say('nps-ask', 'How likely are you to recommend us to a friend or colleague?'),
    ask('nps-rating', 'rating input', 'nps-v-score', {
      buttonType: 'Numbers',
      length: 10,
      startsAt: 0,
      labels: { left: 'Not likely', right: 'Very likely' },
      isOneClickSubmitEnabled: true,
    }),
    condition(
      'nps-segment',
      [
        when('nps-promoter', 'nps-v-score', 'Greater or equal to', '9', 'nps-e-promoter'),
        when('nps-passive', 'nps-v-score', 'Greater or equal to', '7', 'nps-e-passive'),
      ],
      'nps-e-detractor',
    ),
  ]),
  followUp('pro', 'Promoter', -200, 'Thank you! What do you like most about us?'),
  followUp('pas', 'Passive', 0, 'Thanks! What would make us a 10 for you?'),
  followUp('det', 'Detractor', 200, 'We are sorry to hear that. What disappointed you?'),
  group('nps-end', 'Thanks', 1100, 0, [say('nps-bye', 'Thank you for your time. Your answer ({{Score}}/10) goes straight to our team.')]),
]

export const npsSurvey: Template = {
  slug: 'nps-survey',
  category: 'feedback',
  name: 'NPS survey',
  description: 'The "would you recommend us" question on a 0–10 scale, with a follow-up for promoters, passives and detractors.',
  bot: botDoc('NPS survey', {
    events: [start('nps-start', 'nps-e-start')],
    groups,
    edges: [
      edge('nps-e-start', { eventId: 'nps-start' }, 'nps-score'),
      edge('nps-e-promoter', { blockId: 'nps-segment', itemId: 'nps-promoter' }, 'nps-pro'),
      edge('nps-e-passive', { blockId: 'nps-segment', itemId: 'nps-passive' }, 'nps-pas'),
      edge('nps-e-detractor', { blockId: 'nps-segment' }, 'nps-det'),
      ...['pro', 'pas', 'det'].map((k) => edge(`nps-e-${k}-done`, { blockId: `nps-${k}-why` }, 'nps-end')),
    ],
    variables: [
      { id: 'nps-v-score', name: 'Score' },
      { id: 'nps-v-reason', name: 'Reason' },
    ],
  }),
}

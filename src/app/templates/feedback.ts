// Template: a 0–10 rating, then a follow-up question that depends on the score.
import { botDoc, edge, group, type Part, say, start } from './parts.js'
import type { Template } from './types.js'

const groups: Part[] = [
  group('fb-rate', 'Rating', 300, 0, [
    say('fb-hello', 'Hello! Could you rate your experience with us today?'),
    {
      id: 'fb-score',
      type: 'rating input',
      options: {
        variableId: 'fb-v-score',
        buttonType: 'Numbers',
        length: 10,
        startsAt: 0,
        labels: { left: 'Poor', right: 'Excellent' },
        isOneClickSubmitEnabled: true,
      },
    },
    {
      id: 'fb-branch',
      type: 'Condition',
      outgoingEdgeId: 'fb-e-low',
      items: [
        {
          id: 'fb-high',
          outgoingEdgeId: 'fb-e-high',
          content: {
            logicalOperator: 'AND',
            comparisons: [{ id: 'fb-cmp', variableId: 'fb-v-score', comparisonOperator: 'Greater or equal to', value: '8' }],
          },
        },
      ],
    },
  ]),
  group('fb-happy', 'Happy', 700, -150, [
    say('fb-glad', 'Wonderful, thank you! What did you like most?'),
    { id: 'fb-liked', type: 'text input', outgoingEdgeId: 'fb-e-end-1', options: { variableId: 'fb-v-comment', isLong: true } },
  ]),
  group('fb-unhappy', 'Unhappy', 700, 150, [
    say('fb-sorry', 'Sorry to hear that. What should we improve?'),
    { id: 'fb-improve', type: 'text input', outgoingEdgeId: 'fb-e-end-2', options: { variableId: 'fb-v-comment', isLong: true } },
  ]),
  group('fb-end', 'Thanks', 1100, 0, [say('fb-bye', 'Thanks for your feedback ({{Score}}/10). It helps us a lot.')]),
]

export const customerFeedback: Template = {
  slug: 'customer-feedback',
  category: 'feedback',
  name: 'Customer feedback',
  description: 'A 0–10 rating with a follow-up question that depends on the score.',
  bot: botDoc('Customer feedback', {
    events: [start('fb-start', 'fb-e-start')],
    groups,
    edges: [
      edge('fb-e-start', { eventId: 'fb-start' }, 'fb-rate'),
      edge('fb-e-high', { blockId: 'fb-branch', itemId: 'fb-high' }, 'fb-happy'),
      edge('fb-e-low', { blockId: 'fb-branch' }, 'fb-unhappy'),
      edge('fb-e-end-1', { blockId: 'fb-liked' }, 'fb-end'),
      edge('fb-e-end-2', { blockId: 'fb-improve' }, 'fb-end'),
    ],
    variables: [
      { id: 'fb-v-score', name: 'Score' },
      { id: 'fb-v-comment', name: 'Comment' },
    ],
  }),
}

// Template: sorts a support request by topic and urgency; urgent ones ask for a phone number, the rest for an email.
import { ask, botDoc, buttons, condition, edge, group, type Part, say, start, when } from './parts.js'
import type { Template } from './types.js'

const groups: Part[] = [
  group('st-topic', 'Topic', 300, 0, [
    say('st-hello', 'Hello! I will pass your request to the right team.'),
    say('st-ask-topic', 'What is it about?'),
    buttons('st-topics', 'st-v-topic', [
      ['st-billing', 'Billing'],
      ['st-technical', 'Technical problem'],
      ['st-account', 'My account'],
      ['st-other', 'Something else'],
    ]),
    say('st-ask-details', 'Please describe the problem in a few sentences.'),
    ask('st-details', 'text input', 'st-v-details', { isLong: true, labels: { placeholder: 'What happened?' } }),
    say('st-ask-urgency', 'How urgent is it?'),
    buttons('st-urgency', 'st-v-urgency', [
      ['st-low', 'It can wait'],
      ['st-normal', 'Today, please'],
      ['st-urgent', 'Urgent: work is blocked'],
    ]),
    condition('st-route', [when('st-is-urgent', 'st-v-urgency', 'Equal to', 'Urgent: work is blocked', 'st-e-urgent')], 'st-e-normal'),
  ]),
  group('st-call', 'Urgent: call back', 700, -150, [
    say('st-ask-phone', 'We will call you back within the hour. Which number should we call?'),
    ask('st-phone', 'phone number input', 'st-v-phone', {}, 'st-e-call-done'),
  ]),
  group('st-mail', 'Email follow-up', 700, 150, [
    say('st-ask-email', 'Which email should our {{Topic}} team answer?'),
    ask('st-email', 'email input', 'st-v-email', {}, 'st-e-mail-done'),
  ]),
  group('st-done', 'Ticket created', 1100, 0, [say('st-thanks', 'Thank you! Your {{Topic}} request is with our team ({{Urgency}}).')]),
]

export const supportTriage: Template = {
  slug: 'support-triage',
  category: 'support',
  name: 'Support triage',
  description: 'Sorts a request by topic and urgency: urgent ones get a call back, the others an email.',
  bot: botDoc('Support triage', {
    events: [start('st-start', 'st-e-start')],
    groups,
    edges: [
      edge('st-e-start', { eventId: 'st-start' }, 'st-topic'),
      edge('st-e-urgent', { blockId: 'st-route', itemId: 'st-is-urgent' }, 'st-call'),
      edge('st-e-normal', { blockId: 'st-route' }, 'st-mail'),
      edge('st-e-call-done', { blockId: 'st-phone' }, 'st-done'),
      edge('st-e-mail-done', { blockId: 'st-email' }, 'st-done'),
    ],
    variables: [
      { id: 'st-v-topic', name: 'Topic' },
      { id: 'st-v-details', name: 'Details' },
      { id: 'st-v-urgency', name: 'Urgency' },
      { id: 'st-v-phone', name: 'Phone' },
      { id: 'st-v-email', name: 'Email' },
    ],
  }),
}

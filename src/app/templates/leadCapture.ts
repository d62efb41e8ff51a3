// Template: collect a visitor's name, email and need, then confirm.
import { botDoc, edge, group, type Part, say, start } from './parts.js'
import type { Template } from './types.js'

const groups: Part[] = [
  group('lc-welcome', 'Welcome', 300, 0, [
    say('lc-hello', 'Hi there! Leave us a few details and we will get back to you within one business day.'),
    say('lc-ask-name', 'First, what is your name?'),
    { id: 'lc-name', type: 'text input', options: { variableId: 'lc-v-name', labels: { placeholder: 'Your name' } } },
    say('lc-ask-email', 'Nice to meet you, {{Name}}. Which email can we reach you at?'),
    { id: 'lc-email', type: 'email input', options: { variableId: 'lc-v-email' } },
    say('lc-ask-need', 'What can we help you with?'),
    {
      id: 'lc-need',
      type: 'text input',
      outgoingEdgeId: 'lc-e-done',
      options: { variableId: 'lc-v-need', isLong: true, labels: { placeholder: 'A few words' } },
    },
  ]),
  group('lc-done', 'Confirmation', 700, 0, [say('lc-thanks', 'Thanks, {{Name}}! We will write to {{Email}} soon.')]),
]

export const leadCapture: Template = {
  slug: 'lead-capture',
  category: 'marketing',
  name: 'Lead capture',
  description: "Asks for the visitor's name, email and need, then confirms.",
  bot: botDoc('Lead capture', {
    events: [start('lc-start', 'lc-e-start')],
    groups,
    edges: [edge('lc-e-start', { eventId: 'lc-start' }, 'lc-welcome'), edge('lc-e-done', { blockId: 'lc-need' }, 'lc-done')],
    variables: [
      { id: 'lc-v-name', name: 'Name' },
      { id: 'lc-v-email', name: 'Email' },
      { id: 'lc-v-need', name: 'Need' },
    ],
  }),
}

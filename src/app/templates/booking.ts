// Template: books an appointment: a service, a day (date input), a time slot, a name and an email, then a summary.
import { ask, botDoc, buttons, edge, group, type Part, say, start } from './parts.js'
import type { Template } from './types.js'

const groups: Part[] = [
  group('bk-book', 'Booking', 300, 0, [
    say('bk-hello', 'Hi! Let us find a time for your appointment.'),
    say('bk-ask-service', 'Which service would you like?'),
    buttons('bk-service', 'bk-v-service', [
      ['bk-consult', 'First consultation (30 min)'],
      ['bk-followup', 'Follow-up visit (20 min)'],
      ['bk-long', 'Full session (1 hour)'],
    ]),
    say('bk-ask-day', 'Which day suits you?'),
    ask('bk-day', 'date input', 'bk-v-day', { labels: { button: 'Choose this day' } }),
    say('bk-ask-time', 'And at what time?'),
    buttons('bk-time', 'bk-v-time', [
      ['bk-9', '9:00'],
      ['bk-11', '11:00'],
      ['bk-14', '14:00'],
      ['bk-16', '16:00'],
    ]),
    say('bk-ask-name', 'What is your name?'),
    ask('bk-name', 'text input', 'bk-v-name', { labels: { placeholder: 'Your name' } }),
    say('bk-ask-email', 'Which email should we send the confirmation to?'),
    ask('bk-email', 'email input', 'bk-v-email', {}, 'bk-e-done'),
  ]),
  group('bk-done', 'Confirmation', 700, 0, [
    say('bk-summary', 'Thanks, {{Name}}! {{Service}} on {{Day}} at {{Time}}: we will confirm it at {{Email}}.'),
  ]),
]

export const booking: Template = {
  slug: 'booking',
  category: 'scheduling',
  name: 'Appointment booking',
  description: 'Asks for a service, a day, a time slot, a name and an email, then sums the booking up.',
  bot: botDoc('Appointment booking', {
    events: [start('bk-start', 'bk-e-start')],
    groups,
    edges: [edge('bk-e-start', { eventId: 'bk-start' }, 'bk-book'), edge('bk-e-done', { blockId: 'bk-email' }, 'bk-done')],
    variables: [
      { id: 'bk-v-service', name: 'Service' },
      { id: 'bk-v-day', name: 'Day' },
      { id: 'bk-v-time', name: 'Time' },
      { id: 'bk-v-name', name: 'Name' },
      { id: 'bk-v-email', name: 'Email' },
    ],
  }),
}

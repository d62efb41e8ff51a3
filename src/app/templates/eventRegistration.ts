// Template: registration for an event: a session to attend, a name, an email and how many guests come along.
import { ask, botDoc, buttons, condition, edge, group, type Part, say, start, when } from './parts.js'
import type { Template } from './types.js'

const groups: Part[] = [
  group('ev-register', 'Registration', 300, 0, [
    say('ev-hello', 'Welcome! Register for our open day in a minute.'),
    say('ev-ask-session', 'Which session would you like to attend?'),
    buttons('ev-session', 'ev-v-session', [
      ['ev-morning', 'Morning (10:00–12:00)'],
      ['ev-afternoon', 'Afternoon (14:00–16:00)'],
    ]),
    say('ev-ask-name', 'Your full name, please?'),
    ask('ev-name', 'text input', 'ev-v-name', { labels: { placeholder: 'First and last name' } }),
    say('ev-ask-email', 'Your email, for the ticket?'),
    ask('ev-email', 'email input', 'ev-v-email'),
    say('ev-ask-guests', 'How many guests will come with you (0 to 4)?'),
    ask('ev-guests', 'number input', 'ev-v-guests', { min: 0, max: 4, step: 1 }),
    condition('ev-has-guests', [when('ev-with-guests', 'ev-v-guests', 'Greater than', '0', 'ev-e-guests')], 'ev-e-alone'),
  ]),
  group('ev-group', 'With guests', 700, -100, [say('ev-seats', 'Great, we will keep seats for you and {{Guests}} guest(s).', 'ev-e-done-1')]),
  group('ev-solo', 'On your own', 700, 100, [say('ev-seat', 'Great, we will keep a seat for you.', 'ev-e-done-2')]),
  group('ev-done', 'Confirmation', 1100, 0, [say('ev-ticket', 'See you at the {{Session}} session, {{Name}}! Your ticket goes to {{Email}}.')]),
]

export const eventRegistration: Template = {
  slug: 'event-registration',
  category: 'events',
  name: 'Event registration',
  description: 'Registers a visitor for a session of your event, with their email and the number of guests.',
  bot: botDoc('Event registration', {
    events: [start('ev-start', 'ev-e-start')],
    groups,
    edges: [
      edge('ev-e-start', { eventId: 'ev-start' }, 'ev-register'),
      edge('ev-e-guests', { blockId: 'ev-has-guests', itemId: 'ev-with-guests' }, 'ev-group'),
      edge('ev-e-alone', { blockId: 'ev-has-guests' }, 'ev-solo'),
      edge('ev-e-done-1', { blockId: 'ev-seats' }, 'ev-done'),
      edge('ev-e-done-2', { blockId: 'ev-seat' }, 'ev-done'),
    ],
    variables: [
      { id: 'ev-v-session', name: 'Session' },
      { id: 'ev-v-name', name: 'Name' },
      { id: 'ev-v-email', name: 'Email' },
      { id: 'ev-v-guests', name: 'Guests' },
    ],
  }),
}

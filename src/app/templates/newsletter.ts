// Template: a newsletter sign-up: an email, the topics wanted (several buttons at once) and a consent question.
import { ask, botDoc, buttons, edge, group, type Part, say, start } from './parts.js'
import type { Template } from './types.js'

const groups: Part[] = [
  group('nl-signup', 'Sign-up', 300, 0, [
    say('nl-hello', 'Get our news once a month: new products, tips and offers. No spam, ever.'),
    say('nl-ask-email', 'Which email should we send it to?'),
    ask('nl-email', 'email input', 'nl-v-email', { labels: { placeholder: 'you@example.com' } }),
    say('nl-ask-topics', 'What interests you? Pick as many as you like.'),
    {
      id: 'nl-topics',
      type: 'choice input',
      items: [
        { id: 'nl-products', content: 'New products' },
        { id: 'nl-tips', content: 'Tips and guides' },
        { id: 'nl-offers', content: 'Special offers' },
      ],
      options: { variableId: 'nl-v-topics', isMultipleChoice: true, buttonLabel: 'Done' },
    },
    say('nl-ask-consent', 'May we email you about these topics? You can unsubscribe at any time.'),
    buttons('nl-consent', 'nl-v-consent', [
      ['nl-yes', 'Yes, sign me up', 'nl-e-yes'],
      ['nl-no', 'No, thanks', 'nl-e-no'],
    ]),
  ]),
  group('nl-done', 'Subscribed', 700, -100, [say('nl-welcome', 'You are in! The next issue goes to {{Email}}. Topics: {{Topics}}.')]),
  group('nl-declined', 'Declined', 700, 100, [say('nl-ok', 'No problem: we will not email you.')]),
]

export const newsletterSignup: Template = {
  slug: 'newsletter-signup',
  category: 'marketing',
  name: 'Newsletter sign-up',
  description: 'Collects an email and the topics a reader wants, with explicit consent.',
  bot: botDoc('Newsletter sign-up', {
    events: [start('nl-start', 'nl-e-start')],
    groups,
    edges: [
      edge('nl-e-start', { eventId: 'nl-start' }, 'nl-signup'),
      edge('nl-e-yes', { blockId: 'nl-consent', itemId: 'nl-yes' }, 'nl-done'),
      edge('nl-e-no', { blockId: 'nl-consent', itemId: 'nl-no' }, 'nl-declined'),
    ],
    variables: [
      { id: 'nl-v-email', name: 'Email' },
      { id: 'nl-v-topics', name: 'Topics' },
      { id: 'nl-v-consent', name: 'Consent' },
    ],
  }),
}

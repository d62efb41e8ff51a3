// Template: looks an order up in the shop's API (an HTTP request block whose answer fills variables) and says where
// it is; an order the API does not know is asked again. The API's address is the "Orders API" variable's default.
import { ask, botDoc, buttons, condition, edge, group, type Part, say, start, when } from './parts.js'
import type { Template } from './types.js'

const groups: Part[] = [
  group('os-hello', 'Welcome', 300, 0, [say('os-hi', 'Hello! I can tell you where your order is.', 'os-e-ask')]),
  group('os-ask', 'Order number', 700, 0, [
    say('os-ask-number', 'What is your order number?'),
    ask('os-number', 'text input', 'os-v-number', { labels: { placeholder: 'e.g. A-1043' } }),
    {
      id: 'os-lookup',
      type: 'Webhook',
      options: {
        webhook: {
          method: 'GET',
          url: '{{Orders API}}/orders/{{Order number}}',
          headers: [{ id: 'os-h-accept', key: 'Accept', value: 'application/json' }],
        },
        responseVariableMapping: [
          { id: 'os-map-code', variableId: 'os-v-code', bodyPath: 'statusCode' },
          { id: 'os-map-status', variableId: 'os-v-status', bodyPath: 'data.status' },
          { id: 'os-map-eta', variableId: 'os-v-eta', bodyPath: 'data.estimatedDelivery' },
        ],
      },
    },
    condition('os-found', [when('os-ok', 'os-v-code', 'Equal to', '200', 'os-e-found')], 'os-e-unknown'),
  ]),
  group('os-status', 'Status', 1100, -150, [
    say('os-answer', 'Order {{Order number}}: {{Status}}. Expected delivery: {{Delivery}}.'),
    buttons(
      'os-more',
      undefined,
      [
        ['os-another', 'Check another order', 'os-e-another'],
        ['os-done', 'That is all'],
      ],
      'os-e-bye',
    ),
  ]),
  group('os-missing', 'Unknown order', 1100, 150, [
    say('os-not-found', 'I could not find order {{Order number}}. Please check the number.', 'os-e-retry'),
  ]),
  group('os-bye', 'Goodbye', 1500, -150, [say('os-thanks', 'Thanks for shopping with us!')]),
]

export const orderStatus: Template = {
  slug: 'order-status',
  category: 'ecommerce',
  name: 'Order status',
  description: "Asks for an order number, looks it up in your shop's API with an HTTP request and says where the order is.",
  bot: botDoc('Order status', {
    events: [start('os-start', 'os-e-start')],
    groups,
    edges: [
      edge('os-e-start', { eventId: 'os-start' }, 'os-hello'),
      edge('os-e-ask', { blockId: 'os-hi' }, 'os-ask'),
      edge('os-e-found', { blockId: 'os-found', itemId: 'os-ok' }, 'os-status'),
      edge('os-e-unknown', { blockId: 'os-found' }, 'os-missing'),
      edge('os-e-retry', { blockId: 'os-not-found' }, 'os-ask'),
      edge('os-e-another', { blockId: 'os-more', itemId: 'os-another' }, 'os-ask'),
      edge('os-e-bye', { blockId: 'os-more' }, 'os-bye'),
    ],
    variables: [
      { id: 'os-v-api', name: 'Orders API', value: 'https://shop.example.com/api' },
      { id: 'os-v-number', name: 'Order number' },
      { id: 'os-v-code', name: 'Status code' },
      { id: 'os-v-status', name: 'Status' },
      { id: 'os-v-eta', name: 'Delivery' },
    ],
  }),
}

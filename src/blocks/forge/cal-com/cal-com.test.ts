import assert from 'node:assert/strict'
import { test } from 'node:test'
import { forgedCalCom } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { bot, compile, engineChat, say } from '../../../../test/support/engine.js'

const book = (options: Record<string, unknown>) => ({
  id: 'cal',
  type: 'cal-com',
  options: { action: 'Book event', saveBookedDateInVariableId: 'vDate', ...options },
})

test('Book event shows a custom-embed bubble with Typebot-shaped init and wait functions, waits, and saves the booked date', async () => {
  const chat = engineChat(
    compile(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Pick a slot'),
              book({ link: 'https://cal.com/{{User}}/30min', name: '{{Name}}', layout: 'Weekly', phone: '+33 6' }),
              say('done', 'Booked {{Date}}'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vUser', name: 'User', value: 'ada' },
            { id: 'vName', name: 'Name', value: 'Ada' },
            { id: 'vDate', name: 'Date' },
          ],
        },
      ),
    ),
  )
  const first = await chat.start()
  const embed = first.response.messages[1] as any
  assert.equal(embed.type, 'custom-embed')
  assert.equal(embed.content.url, 'https://cal.com/ada/30min')
  assert.deepEqual(embed.content.initFunction.args, {
    baseUrl: 'https://app.cal.com',
    link: 'ada/30min',
    name: 'Ada',
    email: null,
    layout: 'week_view',
    phone: '+33 6',
    additionalNotes: null,
    otherPrefilledInformations: null,
  })
  assert.deepEqual(embed.content.waitForEventFunction.args, {})
  assert.equal(first.response.messages.length, 2, 'the flow waits after the embed')

  // The embed's functions, run as the client runs them, against a stand-in Cal that records calls.
  const calls: any[][] = []
  const Cal: any = (...args: any[]) => calls.push(args)
  const window = { Cal, document: { head: { appendChild: () => ({}) }, createElement: () => ({}) } }
  const init = embed.content.initFunction
  new Function('window', 'Cal', 'typebotElement', ...Object.keys(init.args), init.content)(window, Cal, 'ELEMENT', ...Object.values(init.args))
  assert.deepEqual(calls[0], ['init', { origin: 'https://app.cal.com' }])
  assert.equal(calls[1][0], 'inline')
  assert.deepEqual(calls[1][1].config, {
    name: 'Ada',
    email: undefined,
    notes: undefined,
    location: JSON.stringify({ value: 'phone', optionValue: '+33 6' }),
  })
  assert.equal(calls[1][1].calLink, 'ada/30min')
  const replies: string[] = []
  new Function('Cal', 'continueFlow', embed.content.waitForEventFunction.content)(Cal, (t: string) => replies.push(t))
  const on = calls.find((c) => c[0] === 'on')!
  on[1].callback({ detail: { data: { date: '2025-06-10T09:00:00Z' } } })
  assert.deepEqual(replies, ['2025-06-10T09:00:00Z'])

  const next = await chat.send(replies[0])
  assert.deepEqual(
    next.response.messages.map((m: any) => m.content.markdown),
    ['Booked 2025-06-10T09:00:00Z'],
  )
})

test('a Book event block without a link is an error log and the flow goes on', async () => {
  const { ctx } = blockContext()
  const result = await forgedCalCom.execute(book({ link: '' }) as any, ctx)
  assert.equal(result.waitsForReply, undefined)
  assert.match(result.logs![0].description, /no event link/)
})

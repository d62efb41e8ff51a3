// No markup from bot authors or visitors gets into the web chat widget. One published bot holds a block of every kind
// the bot format knows, each with a script-running payload in every string field its schema has (found by walking
// the schemas, so a new field is filled without anyone listing it), and a theme and settings filled the same way.
// A visitor chats through every input in Chromium, answering with payloads too; the page watches for any payload
// that runs (each calls `__xss(n)`), dialogs, navigations and new windows, and checks every element the widget adds
// for script elements, event-handler attributes, `srcdoc` and script URLs, whether or not anything ran.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { z } from 'zod'
import { settingsSchema, themeSchema } from '../../src/contract/bot/common.js'
import { blockSchemaByType } from '../../src/blocks/schemas.js'
import { importAndPublish } from '../support/seed.js'
import { fillStrings, stringPaths, stringsIn } from '../support/schemaStrings.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

/** What each payload number stands for: `<kind>: <path>`, or what a visitor typed. */
const fields: string[] = []
const tag = (where: string) => fields.push(where) - 1

// Payloads by context. Each runs `__xss(n)` if it reaches the page as markup, as an attribute, as a URL or as a style.
const html = (n: number) =>
  `"'><img src=x onerror=__xss(${n})><svg onload=__xss(${n})><iframe srcdoc="<script>parent.__xss(${n})</script>"></iframe>` +
  `\${__xss(${n})}{{constructor.constructor('__xss(${n})')()}}`
const urls = [
  (n: number) => `javascript:__xss(${n})//"'><img src=x onerror=__xss(${n})>`,
  (n: number) => ` \tJaVaScRiPt:__xss(${n})`,
  (n: number) => `data:text/html,<script>parent.__xss(${n})</script>`,
]
const url = (n: number) => urls[n % urls.length]!(n)
const css = (n: number) => `red;background:url(javascript:__xss(${n}));width:expression(__xss(${n}))}"'><img src=x onerror=__xss(${n})>`
/** An icon with everything an SVG can run or load inside, then the markup of issue 25 (a frame with a script). */
const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="__xss(${n})"><script>__xss(${n})</script>` +
  `<path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/><foreignObject width="24" height="24"><img src="x" onerror="__xss(${n})"/></foreignObject>` +
  `<a href="javascript:__xss(${n})"><text>x</text></a><image href="x" onerror="__xss(${n})"/><animate onbegin="__xss(${n})"/></svg>` +
  `<iframe srcdoc="<script>parent.__xss(${n})</script>"></iframe>`

const isPayload = (text: string) => /__xss\(\d+\)/.test(text)
/** A payload for the field at `path` of `where`, chosen by what the field holds. */
const payloadFor = (where: string) => (path: string) => {
  const n = tag(`${where}: ${path}`)
  const name = path.split('.').pop() ?? ''
  if (/svg$/i.test(name)) return svg(n)
  if (/(url|src)$/i.test(name) || path === 'general.background.content') return url(n)
  if (/(color|shadow|width|height|ratio|family|roundeness|roundness|placement|position|layout)(\|\d)?$/i.test(name) || /^font\|/.test(name))
    return css(n)
  return html(n)
}

/**
 * String fields left without a payload, each with the reason. BY DESIGN: what Typebot's clients run as the bot
 * author's code or style on the page (a custom embed's functions too, in forged blocks, which have no schema here);
 * they are to move to a separate user-content origin.
 */
const exceptions: { where: RegExp; why: string }[] = [
  {
    where: /^[^:]+: (items\[\]\.(paths\[\]\.)?)?(id|outgoingEdgeId)$/,
    why: 'the identity and edges of blocks, items and card buttons: the flow is built from them (the widget uses them as keys and answer values only)',
  },
  { where: /: .*[vV]ariableId$/, why: "a reference to one of the bot's variables" },
  { where: /^Jump: options\.(groupId|blockId)$/, why: 'where a Jump goes: a group and a block of the bot' },
  { where: /^Code: options\.content$/, why: "BY DESIGN: a Script block's code runs on the page (here it reports itself through __byDesign)" },
  {
    where: /^Set variable: options\.expressionToEvaluate$/,
    why: 'BY DESIGN: "Set variable" code executed on the client runs on the page (here it reports itself, and returns a payload)',
  },
  { where: /^theme: customCss$/, why: "BY DESIGN: the author's stylesheet, applied in the widget's shadow root (a style, not markup)" },
  {
    where: /^settings: metadata\.customHeadCode$/,
    why: "BY DESIGN: the bot's custom head code, installed on the page before a live chat (startPropsToInject; here it reports itself)",
  },
  { where: /^settings: security\.allowedOrigins\[\]$/, why: "a payload there would refuse the test page's own origin; never shown" },
  {
    where: /^settings: general\.language$/,
    why: 'a language tag: anything else is refused when the bot is saved (hosted-page.test.ts), so no markup can get there',
  },
  {
    where: /^settings: general\.(opensAt|closesAt|timeZone)$/,
    why: 'a date-time with an offset and an IANA time zone: anything else is refused when the bot is saved (availability.test.ts); the widget never shows them',
  },
]

const filled = (kind: string, schema: z.ZodType, branch?: (path: string, count: number) => number | undefined) =>
  fillStrings(schema, payloadFor(kind), branch)

// The bot: one group per block, each block's edges (and its items') leading to the next group.
const variables = [
  'Answer',
  'Avatar',
  'Choice',
  'Count',
  'Email',
  'Site',
  'Phone',
  'Day',
  'Hour',
  'Place',
  'Score',
  'Invoice',
  'Plan',
  'Script',
  'Hook',
  'Data',
].map((name) => ({ id: `v${name}`, name }))
const blocks: any[] = []
const add = (block: any) => blocks.push(block)
/** An input block of the kind, filled, saving its answer in the variable, with `options` changed as given. */
const input = (type: keyof typeof blockSchemaByType, variable: string, options: (filled: any) => object = () => ({}), extra: object = {}) => {
  const block = kind(type)
  return { ...block, ...extra, options: { ...block.options, ...options(block.options), variableId: `v${variable}` } }
}
const on = (holder: any) => ({ ...holder, isEnabled: true })
/** Items (and cards) stay shown: their display condition, filled like the rest, is off. */
const shownAlways = (holder: any) => ({ ...holder, displayCondition: { ...holder.displayCondition, isEnabled: false } })
const kind = (type: keyof typeof blockSchemaByType) => filled(type, blockSchemaByType[type])

// Bubbles. The text's links and marks are rich-text fields the schema leaves open.
{
  const text = kind('text')
  const links = urls.map((form) => ({ type: 'a', url: form(tag('text: a link')), children: [{ text: html(tag('text: a link text')) }] }))
  const marks = { bold: true, italic: true, code: true, text: html(tag('text: marked text')) }
  const list = { type: 'ul', children: [{ type: 'li', children: [{ text: html(tag('text: a list item')) }] }] }
  add({ ...text, content: { ...text.content, richText: [...text.content.richText, { type: 'p', children: [...links, marks] }, list] } })
  const image = kind('image')
  add(image)
  const video = kind('video')
  add({ ...video, content: { ...video.content, type: 'url' } })
  const youtube = kind('video')
  add({ ...youtube, content: { ...youtube.content, type: 'youtube' } })
  const audio = kind('audio')
  add({ ...audio, content: { ...audio.content, isAutoplayEnabled: false } })
  const embed = kind('embed')
  add({ ...embed, content: { ...embed.content, waitForEvent: { ...embed.content.waitForEvent, isEnabled: false, saveDataInVariableId: 'vData' } } })
}
// Code run on the page by design: it reports itself, and the variable it sets holds a payload shown later.
{
  const script = kind('Code')
  add({ ...script, options: { ...script.options, isExecutedOnClient: true, content: '__byDesign("script")' } })
  const set = kind('Set variable')
  const value = JSON.stringify(html(tag('Set variable: the value its client code returns')))
  add({
    ...set,
    options: {
      ...set.options,
      type: 'Custom',
      isExecutedOnClient: true,
      variableId: 'vScript',
      expressionToEvaluate: `__byDesign("setVariable"); return ${value}`,
    },
  })
}
// Every input kind (payment last: it cannot be answered here), with what shows most of their fields turned on.
{
  add(input('text input', 'Answer', (o) => ({ attachments: on(o.attachments), audioClip: on(o.audioClip) })))
  const choices = [0, 1].map(() => shownAlways(kind('choice input').items[0]))
  add(input('choice input', 'Choice', () => ({ isMultipleChoice: true, isSearchable: true, dynamicVariableId: undefined }), { items: choices }))
  add(input('number input', 'Count'))
  add(input('email input', 'Email'))
  add(input('url input', 'Site'))
  add(input('phone number input', 'Phone'))
  add(input('date input', 'Day', () => ({ isRange: true })))
  add(input('time input', 'Hour'))
  const pictures = [0, 1].map(() => shownAlways(kind('picture choice input').items[0]))
  const dynamicItems = (o: any) => ({ ...o.dynamicItems, isEnabled: false })
  add(
    input('picture choice input', 'Place', (o) => ({ isMultipleChoice: true, isSearchable: true, dynamicItems: dynamicItems(o) }), {
      items: pictures,
    }),
  )
  add(input('rating input', 'Score', (o) => ({ buttonType: 'Icons', length: 5, customIcon: on(o.customIcon) })))
  add(input('file input', 'Invoice', (o) => ({ isRequired: false, isMultipleAllowed: true, allowedFileTypes: on(o.allowedFileTypes) })))
  const cards = [0, 1].map(() => {
    const card = kind('cards').items[0]
    return { ...card, options: shownAlways(card.options) }
  })
  add(input('cards', 'Plan', () => ({}), { items: cards }))
}
// Logic and integrations, run on the server (their results and client-side actions reach the widget).
{
  add({ ...kind('AB test'), options: { aPercent: 50 }, items: [{ path: 'a' }, { path: 'b' }] })
  const condition = kind('Condition')
  const comparison = { ...condition.items[0].content.comparisons[0], variableId: 'vAnswer', comparisonOperator: 'Equal to' }
  add({ ...condition, items: [{ content: { ...condition.items[0].content, logicalOperator: 'AND', comparisons: [comparison] } }] })
  add({ ...kind('Jump'), options: {} })
  add({ ...kind('Redirect'), options: { ...kind('Redirect').options, isNewTab: false } })
  add(kind('Wait'))
  add(kind('Typebot link'))
  add(kind('Return'))
  for (const type of [
    'Chatwoot',
    'Email',
    'Google Analytics',
    'Google Sheets',
    'Webhook',
    'Make.com',
    'OpenAI',
    'Pabbly',
    'Pixel',
    'Zapier',
  ] as const) {
    add(kind(type))
  }
  // Waits for a webhook call: the test sends one, whose payload a mapping saves.
  const hook = kind('webhook')
  add({
    ...hook,
    options: { responseVariableMapping: [...hook.options.responseVariableMapping, { id: 'map', variableId: 'vHook', bodyPath: 'data.value' }] },
  })
  const echo = variables.map((v) => `{{${v.name}}}`).join(' | ')
  add({ type: 'text', content: { richText: [{ type: 'p', children: [{ text: `Echo: ${echo}` }] }] } })
  add(input('payment input', 'Invoice'))
}

// Ids and edges: block i leads (and each of its items and card buttons) to group i + 1; a Jump jumps there.
const edges: any[] = []
const groups = blocks.map((block, i) => {
  const next = `g${i + 1}`
  const edge = (suffix: string) => {
    const id = `e${i}${suffix}`
    edges.push({ id, from: suffix ? fromOf(suffix) : { blockId: `b${i}` }, to: { groupId: next } })
    return id
  }
  const fromOf = (suffix: string) => {
    const [, item, path] = /^-(\d+)(?:-(\d+))?$/.exec(suffix)!
    return { blockId: `b${i}`, itemId: `b${i}-${item}`, ...(path && { pathId: `b${i}-${item}-${path}` }) }
  }
  const last = i === blocks.length - 1
  const out: any = { ...block, id: `b${i}`, outgoingEdgeId: last ? undefined : edge('') }
  if (block.type === 'Jump') out.options = { groupId: next }
  if (Array.isArray(block.items))
    out.items = block.items.map((item: any, j: number) => ({
      ...item,
      id: `b${i}-${j}`,
      outgoingEdgeId: last ? undefined : edge(`-${j}`),
      ...(Array.isArray(item.paths) && {
        paths: item.paths.map((path: any, k: number) => ({ ...path, id: `b${i}-${j}-${k}`, outgoingEdgeId: edge(`-${j}-${k}`) })),
      }),
    }))
  return { id: `g${i}`, title: `Step ${i}`, graphCoordinates: { x: i * 300, y: 0 }, blocks: [out] }
})

/** The theme the bot has: fonts as an object, a background image, avatars (the host's from a visitor's variable). */
const themeA = (() => {
  const t = filled('theme', themeSchema, (path) => (path === 'general.font' ? 1 : undefined))
  return {
    ...t,
    general: {
      ...t.general,
      background: { type: 'Image', content: t.general.background.content },
      progressBar: { ...t.general.progressBar, isEnabled: true },
    },
    chat: { ...t.chat, hostAvatar: { isEnabled: true, url: '{{Avatar}}' }, guestAvatar: { ...t.chat.guestAvatar, isEnabled: true } },
    customCss: '.p-chat { outline: 1px solid transparent; }',
  }
})()
/** The theme the test switches to at the end (as the builder's theme editor does): the other branches and fields. */
const themeB = (() => {
  const t = filled('theme', themeSchema)
  return { ...t, chat: { ...t.chat, hostAvatar: { ...t.chat.hostAvatar, isEnabled: true } }, customCss: undefined }
})()
const settings = (() => {
  const s = filled('settings', settingsSchema)
  return {
    ...s,
    // No schedule (the bot must take chats); the hosted page on.
    general: {
      ...s.general,
      isInputPrefillEnabled: true,
      isBrandingEnabled: true,
      language: 'pt-BR',
      opensAt: undefined,
      closesAt: undefined,
      timeZone: undefined,
      isHostedPageEnabled: true,
    },
    typingEmulation: { enabled: false },
    metadata: { ...s.metadata, customHeadCode: '<script>__byDesign("head")</script>' },
    security: undefined,
  }
})()

const visitor = {
  prefilled: html(tag('a prefilled variable (Answer)')),
  avatar: url(tag('a prefilled variable (Avatar), the dynamic host avatar')),
  answer: html(tag('a visitor answer (text input)')),
  email: html(tag('a visitor answer (email input, refused)')),
  hook: html(tag('a webhook call payload')),
}

/**
 * Set up before any page script: the markers, and a watch over every element the widget puts in its shadow roots.
 * A string, not a function: the test's TypeScript is compiled with helpers the page does not have.
 */
const watchPage = String.raw`
  window.__xssRan = []
  window.__byDesignRan = []
  window.__unsafe = []
  // In a frame, a call is reported to the page when it may be (same origin); a frame of another origin is not the page.
  window.__xss = (n) => { try { window.top.__xssRan.push(n) } catch {} }
  window.__byDesign = (what) => window.__byDesignRan.push(what)
  if (window === window.top) {
    const urlAttributes = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'data', 'background'])
    const check = (el) => {
      const problems = []
      if (['script', 'object', 'embed', 'foreignobject', 'base', 'frame', 'meta', 'link'].includes(el.localName.toLowerCase())) problems.push('<' + el.localName + '>')
      for (const { name, value } of el.attributes) {
        const attribute = name.toLowerCase()
        // URL parsers skip control characters and spaces: a script URL can hide behind them.
        const target = value.replace(/[\u0000-\u0020]/g, '').toLowerCase()
        if (attribute.startsWith('on') || attribute === 'srcdoc') problems.push(attribute + '=')
        else if (urlAttributes.has(attribute) && (/^(javascript|vbscript):/.test(target) || (target.startsWith('data:') && !target.startsWith('data:image/'))))
          problems.push(attribute + '="' + value.slice(0, 40) + '"')
      }
      if (problems.length) window.__unsafe.push(problems.join(', ') + ' in ' + el.outerHTML.slice(0, 160))
    }
    const visit = (node) => {
      if (!(node instanceof Element)) return
      check(node)
      for (const el of node.querySelectorAll('*')) check(el)
    }
    const attachShadow = Element.prototype.attachShadow
    Element.prototype.attachShadow = function (init) {
      const root = attachShadow.call(this, init)
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'attributes') check(r.target)
          for (const node of r.addedNodes) visit(node)
        }
      }).observe(root, { subtree: true, childList: true, attributes: true })
      return root
    }
  }
`

describe('Parley web chat widget: no payload from a bot or a visitor runs', () => {
  const env = useWebChatEnvironment()

  test('every string field of every block kind, of the theme and of the settings, and the answers, in Chromium', async (t) => {
    // Every string field of every kind's schema holds a payload in some block, or is an exception with its reason.
    const bot = {
      version: '6',
      groups: groups,
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e-start' }],
    }
    const docs: [string, z.ZodType, unknown[]][] = [
      ...Object.entries(blockSchemaByType).map(([type, schema]): [string, z.ZodType, unknown[]] => [
        type,
        schema,
        bot.groups.flatMap((g) => g.blocks).filter((b) => b.type === type),
      ]),
      ['theme', themeSchema, [themeA, themeB]],
      ['settings', settingsSchema, [settings]],
    ]
    const missing = docs.flatMap(([where, schema, found]) => {
      if (found.length === 0) return [`${where}: no block of this kind in the bot`]
      const held = new Set(found.flatMap((doc) => [...stringsIn(schema, doc, isPayload)]))
      return stringPaths(schema)
        .map((path) => `${where}: ${path}`)
        .filter((field) => !held.has(field.slice(where.length + 2)) && !exceptions.some((e) => e.where.test(field)))
    })
    assert.deepEqual(missing, [], 'string fields with neither a payload nor a reason to have none')

    const imported = await importAndPublish(env.server, env.owner.token, env.owner.workspaceId, {
      ...bot,
      edges: [{ id: 'e-start', from: { eventId: 'start' }, to: { groupId: 'g0' } }, ...edges],
      variables,
      theme: themeA,
      settings,
    })
    const context = await env.context(t)
    await context.addInitScript({ content: watchPage })
    const options = { bot: imported.publicId, apiHost: env.server.url, prefilledVariables: { Answer: visitor.prefilled, Avatar: visitor.avatar } }
    const chat = await env.openIn(
      context,
      env.site.page(
        sitePage(
          `<div id="chat" style="height:640px"></div>
<script>Parley.initStandard({ ...${JSON.stringify(options).replace(/</g, '\\u003c')}, element: document.getElementById('chat') })</script>`,
        ),
      ),
    )
    const { page } = chat
    const popups: string[] = []
    page.on('popup', (p) => popups.push(p.url()))
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`)
      void d.dismiss()
    })
    const navigations: string[] = []
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()))
    const shown = (selector: string) => page.locator(`.p-input-row ${selector}`).last().waitFor()
    // Buttons are pressed from the keyboard: a click can miss one that the chat's scrolling is still moving.
    const press = async (selector: string, index = 0) => {
      await page.locator(`${selector}:not([disabled])`).nth(index).focus()
      await page.keyboard.press('Enter')
    }

    // The prefilled answer is the field's value, as text.
    await shown('.p-text-input input[type=text]')
    assert.equal(await page.locator('.p-text-input input[type=text]').inputValue(), visitor.prefilled)
    await chat.answer(visitor.answer)
    await shown('.p-choice')
    await press('.p-choice-item')
    await press('.p-choice .p-send')
    await shown('.p-number')
    await chat.answer('5')
    await shown('.p-email')
    await chat.answer(visitor.email)
    await chat.answer('ada@example.com')
    await shown('.p-url')
    await chat.answer('https://example.com/')
    await shown('.p-phone')
    await chat.answer('+33612345678')
    await shown('.p-date')
    await page.locator('.p-date input').nth(0).fill('2025-07-01')
    await page.locator('.p-date input').nth(1).fill('2025-07-08')
    await press('.p-date [type=submit]')
    await shown('.p-time')
    await page.locator('.p-time input').fill('14:30')
    await press('.p-time [type=submit]')
    await shown('.p-pictures-input')
    await press('.p-picture')
    await press('.p-pictures-input .p-send')
    await shown('.p-rating')
    await press('.p-rating-item', 2)
    // The custom icon is drawn (as an image, in the theme's button colour once picked), not dropped.
    const icon = page.locator('.p-rating-item.p-on .p-rating-image').first()
    assert.deepEqual(
      await icon.evaluate((el) => {
        const style = (globalThis as any).getComputedStyle(el)
        return [style.backgroundColor, style.maskImage.slice(0, 30)]
      }),
      ['rgb(0, 66, 218)', 'url("data:image/svg+xml,%3Csvg'],
    )
    await chat.screenshot('xss-rating')
    await press('.p-rating .p-send')
    await shown('.p-file')
    await press('.p-file .p-secondary')
    await shown('.p-cards')
    await press('.p-card .p-button')

    // The flow waits for a webhook call: delivered until the widget has heard it.
    const [result] = (await env.server.call('GET', `/v1/bots/${imported.id}/results`, { token: env.owner.token })).body.results
    const hookBlock = groups.flatMap((g) => g.blocks).find((b) => b.type === 'webhook').id
    const payment = page.locator('.p-payment')
    for (let i = 0; i < 20 && (await payment.count()) === 0; i++) {
      await env.server.call('POST', `/v1/bots/${imported.id}/blocks/${hookBlock}/results/${result.id}/executeWebhook`, {
        token: env.owner.token,
        body: { value: visitor.hook },
      })
      await payment.waitFor({ timeout: 500 }).catch(() => undefined)
    }
    await payment.waitFor()
    // Payloads are there, as text.
    const echo = await chat.waitForBubble('Echo:')
    for (const text of [visitor.answer, visitor.hook]) assert.ok((await echo.textContent())?.includes(text), `shown as text: ${text}`)
    await chat.screenshot('xss-end')

    // The other theme, as the builder's theme editor hands it over while a chat runs.
    await page.evaluate((theme) => (globalThis as any).document.querySelector('parley-standard').setTheme(theme), themeB)
    await page.evaluate(() => new Promise((r) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(r))))

    // The watch works: an element it must report, put where the widget renders.
    await page.evaluate(() =>
      (globalThis as any).document
        .querySelector('parley-standard')
        .shadowRoot.querySelector('.p-chat')
        .insertAdjacentHTML('beforeend', '<a href="javascript:void 0">canary</a>'),
    )
    await page.waitForFunction(() => (globalThis as any).__unsafe.some((u: string) => u.includes('canary')))

    const seen = await page.evaluate(() => ({
      ran: (globalThis as any).__xssRan as number[],
      unsafe: (globalThis as any).__unsafe as string[],
      byDesign: (globalThis as any).__byDesignRan as string[],
    }))
    // One assertion, so that a failure lists every kind of hole at once.
    const nothing = { ran: [], unsafe: [], dialogs: [], navigations: [], popups: [] }
    const ran = [...new Set(seen.ran)].map((n) => fields[n])
    assert.deepEqual(
      { ran, unsafe: seen.unsafe.filter((u) => !u.includes('canary')), dialogs, navigations, popups },
      nothing,
      'payloads that ran, unsafe elements, dialogs, navigations, windows',
    )
    // What runs by design still runs (and shows that the markers work).
    assert.deepEqual([...new Set(seen.byDesign)].sort(), ['head', 'script', 'setVariable'])
  })
})

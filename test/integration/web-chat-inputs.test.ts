// The web chat widget's input kinds (web/chat/src/inputs), each rendered alone with Preact in a shadow root in
// Chromium, driven by keyboard and mouse. Each test builds its block, gives the component what the server's kind
// prepares from it (the `input` of a chat response), and checks what `submit` receives, then that the server's
// `parseReply` of that kind accepts it. Screenshots go to test-artifacts/.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, Locator, Page } from 'playwright-core'
import { cardsInput } from '../../src/blocks/inputs/cards/kind.js'
import { dateInput } from '../../src/blocks/inputs/date/kind.js'
import { emailInput } from '../../src/blocks/inputs/email/kind.js'
import { fileInput } from '../../src/blocks/inputs/file/kind.js'
import { numberInput } from '../../src/blocks/inputs/number/kind.js'
import { phoneInput } from '../../src/blocks/inputs/phone/kind.js'
import { pictureChoiceInput } from '../../src/blocks/inputs/pictureChoice/kind.js'
import { ratingInput } from '../../src/blocks/inputs/rating/kind.js'
import { timeInput } from '../../src/blocks/inputs/time/kind.js'
import { urlInput } from '../../src/blocks/inputs/url/kind.js'
import type { InputKind } from '../../src/engine/kinds.js'
import { context } from '../support/blocks.js'
import { launchBrowser, newContext } from '../support/browser.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const artifacts = join(root, 'test-artifacts')

// The page: `mount(component, input, props)` renders one input in a shadow root, inside the core's chat layout and
// styles, and records its calls. Uploads
// report half-way, wait `uploadMs`, then answer a URL named after the file (or fail when `failUpload`).
const harness = `
import { h, render } from 'preact'
import css from './inputs.css'
import core from '../styles.css'
import { CardsInput } from './cards.js'
import { DateInput } from './date.js'
import { EmailInput } from './email.js'
import { FileInput } from './file.js'
import { NumberInput } from './number.js'
import { PaymentInput } from './payment.js'
import { PhoneInput } from './phone.js'
import { PictureChoiceInput } from './pictureChoice.js'
import { RatingInput } from './rating.js'
import { TimeInput } from './time.js'
import { UrlInput } from './url.js'
const components = { CardsInput, DateInput, EmailInput, FileInput, NumberInput, PaymentInput, PhoneInput, PictureChoiceInput, RatingInput, TimeInput, UrlInput }
window.calls = []
window.uploadMs = 200
window.mount = (name, input, extra = {}) => {
  const host = document.getElementById('host')
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  // The core's chat layout around the input, as Chat.tsx renders it.
  shadow.innerHTML = '<style>' + core + css + '</style><div class="p-chat"><div class="p-log"><div class="p-row p-guest p-input-row"></div></div></div>'
  const props = {
    input,
    theme: {},
    disabled: false,
    submit: (reply) => window.calls.push({ submit: reply }),
    skip: (label) => window.calls.push({ skip: label }),
    upload: (file, onProgress) => {
      window.calls.push({ upload: file.name })
      onProgress(0.5)
      return new Promise((resolve, reject) => setTimeout(() => {
        if (window.failUpload) return reject(new Error('Upload refused'))
        onProgress(1)
        resolve('http://localhost:3000/v1/files/' + encodeURIComponent(file.name))
      }, window.uploadMs))
    },
    ...extra,
  }
  render(h(components[name], props), shadow.querySelector('.p-input-row'))
}
`

let browser: Browser
let script: string

before(async () => {
  const bundle = await build({
    stdin: { contents: harness, resolveDir: join(root, 'web/chat/src/inputs'), loader: 'tsx', sourcefile: 'harness.tsx' },
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.css': 'text' },
    logLevel: 'silent',
  })
  script = bundle.outputFiles[0].text
  mkdirSync(artifacts, { recursive: true })
  browser = await launchBrowser()
})
after(() => browser?.close())

type Call = { submit?: { message: { type: string; text: string; attachedFileUrls?: string[] }; label?: string }; skip?: string; upload?: string }

/** A page showing the component with what `kind` prepares from `block`; `calls()` reads what it reported. */
const show = async <B>(component: string, kind: InputKind<B> | undefined, block: B, extra: Record<string, unknown> = {}) => {
  const ctx = await newContext(browser)
  const page = await ctx.newPage()
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  await page.setViewportSize({ width: 480, height: 640 })
  await page.setContent(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="margin:0"><div id="host"></div></body></html>',
  )
  await page.addScriptTag({ content: script })
  const input = kind ? await kind.prepare(block, context()) : block
  await page.evaluate(([name, value, props]) => (globalThis as any).mount(name, value, props), [component, input, extra] as const)
  // Preact runs effects (the focus move) after the next frame.
  await page.evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => setTimeout(resolve))))
  return {
    page,
    input,
    calls: async (): Promise<Call[]> => {
      assert.deepEqual(errors, [], 'no error in the page')
      return page.evaluate(() => (globalThis as any).calls)
    },
    /** Waits for the first submit and returns it. */
    submitted: async () => {
      await page.waitForFunction(() => (globalThis as any).calls.some((c: Call) => c.submit))
      return (await page.evaluate(() => (globalThis as any).calls as Call[])).find((c) => c.submit)!.submit!
    },
    close: () => ctx.close(),
  }
}

/** What the server's kind makes of the text: the content it saves. */
const serverReads = async <B>(kind: InputKind<B>, input: any, text: string) => {
  const ctx = context()
  const parsed = await kind.parseReply({ type: 'text', text }, input, ctx)
  assert.equal(parsed.status, 'success', `the server accepts "${text}"`)
  return (parsed as { content?: string }).content
}

/** The element focused inside the shadow root (the widget moves focus to a new input). */
const focused = (page: Page) => page.evaluate(() => (globalThis as any).document.getElementById('host').shadowRoot.activeElement?.outerHTML ?? '')

const textOf = async (locator: Locator) => (await locator.textContent()) ?? ''

const block = (type: string, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  ({ id: 'b1', type, options: { variableId: 'v1', ...options }, ...extra }) as any

test('number: focused at once, limits as attributes, Enter sends; an empty answer cannot be sent', async () => {
  const b = block('number input', { min: 1, max: 100, step: 0.5, labels: { placeholder: 'How many?', button: 'Go' } })
  const view = await show('NumberInput', numberInput, b)
  const field = view.page.getByRole('spinbutton', { name: 'How many?' })
  assert.match(await focused(view.page), /type="number"/)
  assert.deepEqual(await field.evaluate((el: any) => [el.min, el.max, el.step]), ['1', '100', '0.5'])
  assert.equal(await view.page.getByRole('button', { name: 'Go' }).isDisabled(), true)
  await view.page.keyboard.press('Enter')
  await view.page.keyboard.type('12.5')
  await view.page.keyboard.press('Enter')
  const reply = await view.submitted()
  assert.deepEqual(reply, { message: { type: 'text', text: '12.5' } })
  assert.equal((await view.calls()).length, 1, 'the empty Enter sent nothing')
  assert.equal(await serverReads(numberInput, view.input, reply.message.text), '12.5')
  await view.close()
})

test('email and URL: the placeholder labels the field, the prefilled value is offered, the button sends', async () => {
  const email = await show('EmailInput', emailInput, block('email input'))
  const field = email.page.getByRole('textbox', { name: 'Type your email...' })
  await field.fill('Ada@Example.org')
  await email.page.getByRole('button', { name: 'Send' }).click()
  const sent = await email.submitted()
  assert.equal(sent.message.text, 'Ada@Example.org')
  assert.equal(await serverReads(emailInput, email.input, sent.message.text), 'ada@example.org')
  await email.close()

  const url = await show('UrlInput', urlInput, { ...block('url input'), options: { labels: { placeholder: 'Your site' } } })
  const prefilled = { ...url.input, prefilledValue: 'parley.dev' }
  await url.page.evaluate((input) => (globalThis as any).mount('UrlInput', input), prefilled)
  const site = url.page.getByRole('textbox', { name: 'Your site' })
  assert.equal(await site.inputValue(), 'parley.dev')
  // On the field itself: the remount moves the focus only after a frame, which a loaded machine may not have drawn yet.
  await site.press('Enter')
  assert.equal((await url.submitted()).message.text, 'parley.dev')
  assert.equal(await serverReads(urlInput, url.input, 'parley.dev'), 'parley.dev')
  await url.close()
})

test('phone: the default country from the block, a country picked by keyboard, an international number as typed', async () => {
  const view = await show('PhoneInput', phoneInput, block('phone number input', { defaultCountryCode: 'FR' }))
  const country = view.page.getByRole('combobox', { name: 'Country' })
  assert.equal(await country.inputValue(), 'FR')
  assert.match(await textOf(view.page.locator('.p-country-face')), /\+33/)
  assert.ok((await country.locator('option').count()) > 200, 'a full list of countries')
  await view.page.getByRole('textbox', { name: 'Type your phone number...' }).fill('06 12 34 56 78')
  await view.page.keyboard.press('Enter')
  const french = await view.submitted()
  assert.equal(french.message.text, '+33 06 12 34 56 78')
  assert.equal(await serverReads(phoneInput, view.input, french.message.text), '+33612345678')
  await view.page.screenshot({ path: join(artifacts, 'input-phone.png') })

  // Keyboard only: Shift+Tab from the number field to the picker, pick by typing the name, back, send.
  await view.page.evaluate(() => ((globalThis as any).calls.length = 0))
  await view.page.getByRole('textbox').fill('')
  await view.page.keyboard.press('Shift+Tab')
  assert.match(await focused(view.page), /<select/)
  await country.selectOption('GB')
  assert.match(await textOf(view.page.locator('.p-country-face')), /\+44/)
  await view.page.keyboard.press('Tab')
  await view.page.keyboard.type('07911 123456')
  await view.page.keyboard.press('Enter')
  const british = await view.submitted()
  assert.equal(await serverReads(phoneInput, view.input, british.message.text), '+447911123456')

  await view.page.evaluate(() => ((globalThis as any).calls.length = 0))
  await view.page.getByRole('textbox').fill('+1 202 555 0123')
  await view.page.keyboard.press('Enter')
  assert.equal((await view.submitted()).message.text, '+1 202 555 0123')
  await view.close()
})

test('date: a single date in ISO, shown in the block format; a range with time within min and max', async () => {
  const single = await show('DateInput', dateInput, block('date input', { format: 'd MMMM yyyy' }))
  const field = single.page.getByLabel('Date')
  assert.equal(await field.getAttribute('type'), 'date')
  await field.fill('2025-06-10')
  await single.page.keyboard.press('Enter')
  const reply = await single.submitted()
  assert.deepEqual(reply, { message: { type: 'text', text: '2025-06-10' }, label: '10 June 2025' })
  assert.equal(await serverReads(dateInput, single.input, reply.message.text), '10 June 2025')
  await single.close()

  const b = block('date input', {
    isRange: true,
    hasTime: true,
    min: '2025-06-01',
    max: '2025-06-30T18:00',
    labels: { from: 'Arrival', to: 'Departure', button: 'Book' },
  })
  const range = await show('DateInput', dateInput, b)
  const from = range.page.getByLabel('Arrival')
  const to = range.page.getByLabel('Departure')
  assert.deepEqual(await from.evaluate((el: any) => [el.type, el.min, el.max]), ['datetime-local', '2025-06-01T00:00', '2025-06-30T18:00'])
  await from.fill('2025-06-12T14:30')
  assert.equal(await range.page.getByRole('button', { name: 'Book' }).isDisabled(), true, 'a range needs both ends')
  await to.fill('2025-06-10T09:05')
  await range.page.screenshot({ path: join(artifacts, 'input-date-range.png') })
  await range.page.getByRole('button', { name: 'Book' }).click()
  const sent = await range.submitted()
  assert.deepEqual(sent, { message: { type: 'text', text: '2025-06-10T09:05 to 2025-06-12T14:30' }, label: '10/06/2025 09:05 to 12/06/2025 14:30' })
  assert.equal(await serverReads(dateInput, range.input, sent.message.text), '10/06/2025 09:05 to 12/06/2025 14:30')
  await range.close()
})

test('time: sent as HH:mm, shown in the block format', async () => {
  const view = await show('TimeInput', timeInput, block('time input', { format: 'h:mm a' }))
  await view.page.getByLabel('Time').fill('14:30')
  await view.page.keyboard.press('Enter')
  const reply = await view.submitted()
  assert.deepEqual(reply, { message: { type: 'text', text: '14:30' }, label: '2:30 PM' })
  assert.equal(await serverReads(timeInput, view.input, reply.message.text), '2:30 PM')
  await view.close()
})

const pictures = [
  {
    id: 'p1',
    pictureSrc: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
    title: 'Mountains',
    description: 'Cold and high',
  },
  { id: 'p2', pictureSrc: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', title: 'Sea', value: 'beach' },
  { id: 'p3', pictureSrc: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', title: 'City' },
]

test('picture choice: one click answers with the picture; several by keyboard after a search', async () => {
  const single = await show('PictureChoiceInput', pictureChoiceInput, block('picture choice input', {}, { items: pictures }))
  await single.page.getByRole('button', { name: 'Sea' }).click()
  const reply = await single.submitted()
  assert.deepEqual(reply, { message: { type: 'text', text: 'p2' }, label: 'Sea' })
  assert.equal(await serverReads(pictureChoiceInput, single.input, reply.message.text), 'beach')
  await single.close()

  const b = block('picture choice input', { isMultipleChoice: true, isSearchable: true, buttonLabel: 'Done' }, { items: pictures })
  const multiple = await show('PictureChoiceInput', pictureChoiceInput, b)
  assert.match(await focused(multiple.page), /type="search"/)
  await multiple.page.keyboard.type('a')
  assert.equal(await multiple.page.locator('.p-picture').count(), 2, '"a" keeps Mountains and Sea')
  await multiple.page.keyboard.press('Tab')
  await multiple.page.keyboard.press('Space')
  await multiple.page.keyboard.press('Tab')
  await multiple.page.keyboard.press('Space')
  assert.equal(await multiple.page.getByRole('button', { name: 'Sea' }).getAttribute('aria-pressed'), 'true')
  await multiple.page.screenshot({ path: join(artifacts, 'input-picture-choice.png') })
  await multiple.page.keyboard.press('Tab')
  await multiple.page.keyboard.press('Enter')
  const sent = await multiple.submitted()
  assert.deepEqual(sent, { message: { type: 'text', text: 'Mountains, beach' }, label: 'Mountains, Sea' })
  assert.equal(await serverReads(pictureChoiceInput, multiple.input, sent.message.text), 'Mountains, beach')
  await multiple.close()
})

test('rating: numbers from 0 to 10 with labels and a send button; icons with one-click submit', async () => {
  const numbers = await show('RatingInput', ratingInput, block('rating input', { labels: { left: 'Not likely', right: 'Very likely' } }))
  assert.equal(await numbers.page.locator('.p-rating-item').count(), 11)
  assert.equal(await numbers.page.getByRole('group', { name: 'Not likely … Very likely' }).count(), 1)
  await numbers.page.getByRole('button', { name: '0', exact: true }).click()
  await numbers.page.getByRole('button', { name: 'Send' }).click()
  const zero = await numbers.submitted()
  assert.deepEqual(zero, { message: { type: 'text', text: '0' } })
  assert.equal(await serverReads(ratingInput, numbers.input, zero.message.text), '0')
  await numbers.close()

  const icons = await show('RatingInput', ratingInput, block('rating input', { buttonType: 'Icons', length: 5, isOneClickSubmitEnabled: true }))
  assert.equal(await icons.page.getByRole('button', { name: 'Send' }).count(), 0)
  await icons.page.getByRole('button', { name: '3 of 5' }).hover()
  await icons.page.screenshot({ path: join(artifacts, 'input-rating-icons.png') })
  await icons.page.keyboard.press('Tab')
  await icons.page.keyboard.press('Tab')
  await icons.page.keyboard.press('Tab')
  await icons.page.keyboard.press('Enter')
  const four = await icons.submitted()
  assert.equal(four.message.text, '4')
  assert.equal(await serverReads(ratingInput, icons.input, four.message.text), '4')
  await icons.close()
})

const pdf = (name: string, bytes = 1000) => ({ name, mimeType: 'application/pdf', buffer: Buffer.alloc(bytes, 1) })

test('file: one file uploads at once with a progress bar; the reply carries its URL as text and attachment', async () => {
  const view = await show('FileInput', fileInput, block('file input'))
  assert.match(await focused(view.page), /type="file"/)
  await view.page.evaluate(() => ((globalThis as any).uploadMs = 800))
  await view.page.locator('input[type=file]').setInputFiles(pdf('report 1.pdf'))
  const progress = view.page.getByRole('progressbar', { name: 'Upload progress' })
  await progress.waitFor()
  assert.equal(await progress.getAttribute('aria-valuenow'), '50')
  await view.page.screenshot({ path: join(artifacts, 'input-file-progress.png') })
  const reply = await view.submitted()
  const url = 'http://localhost:3000/v1/files/report%201.pdf'
  assert.deepEqual(reply, { message: { type: 'text', text: url, attachedFileUrls: [url] }, label: 'File uploaded' })
  assert.equal(await serverReads(fileInput, view.input, reply.message.text), url)
  assert.equal(await view.page.getByRole('button', { name: 'Skip' }).count(), 0, 'a required upload has no skip button')
  await view.close()
})

test('file: wrong types and sizes are refused with clear errors before any upload; a failed upload can be retried', async () => {
  const view = await show(
    'FileInput',
    fileInput,
    block('file input', { sizeLimit: 1, allowedFileTypes: { isEnabled: true, types: ['.pdf', 'image/*'] } }),
  )
  assert.equal(await view.page.locator('input[type=file]').getAttribute('accept'), '.pdf,image/*')
  await view.page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') })
  assert.match(await textOf(view.page.getByRole('alert')), /notes\.txt: this file type is not allowed \(allowed: \.pdf, image\/\*\)/)
  await view.page.locator('input[type=file]').setInputFiles(pdf('huge.pdf', 1.5 * 1024 * 1024))
  assert.match(await textOf(view.page.getByRole('alert')), /huge\.pdf is too large \(1\.5 MB; the limit is 1 MB\)/)
  await view.page.screenshot({ path: join(artifacts, 'input-file-errors.png') })
  assert.deepEqual(await view.calls(), [], 'nothing uploaded')

  await view.page.evaluate(() => ((globalThis as any).failUpload = true))
  await view.page.locator('input[type=file]').setInputFiles(pdf('ok.pdf'))
  await view.page.getByRole('alert').getByText('The upload failed: Upload refused. Please try again.').waitFor()
  await view.page.evaluate(() => ((globalThis as any).failUpload = false))
  await view.page.locator('input[type=file]').setInputFiles(pdf('ok.pdf'))
  assert.equal((await view.submitted()).message.text, 'http://localhost:3000/v1/files/ok.pdf')
  await view.close()
})

test('file: several files are listed, cleared or uploaded together; an optional upload can be skipped', async () => {
  const b = block('file input', { isMultipleAllowed: true, isRequired: false, labels: { success: { multiple: '{total} documents received' } } })
  const view = await show('FileInput', fileInput, b)
  await view.page.locator('input[type=file]').setInputFiles([pdf('a.pdf'), pdf('b.pdf')])
  assert.deepEqual(await view.page.getByRole('list', { name: 'Chosen files' }).locator('li > span:first-child').allInnerTexts(), ['a.pdf', 'b.pdf'])
  await view.page.getByRole('button', { name: 'Clear' }).click()
  assert.equal(await view.page.getByRole('list', { name: 'Chosen files' }).count(), 0)
  await view.page.locator('input[type=file]').setInputFiles([pdf('a.pdf'), pdf('b.pdf')])
  await view.page.screenshot({ path: join(artifacts, 'input-file-multiple.png') })
  await view.page.getByRole('button', { name: 'Upload (2)' }).click()
  const reply = await view.submitted()
  const urls = ['http://localhost:3000/v1/files/a.pdf', 'http://localhost:3000/v1/files/b.pdf']
  assert.deepEqual(reply, { message: { type: 'text', text: urls.join(', '), attachedFileUrls: urls }, label: '2 documents received' })
  assert.equal(await serverReads(fileInput, view.input, reply.message.text), urls.join(', '))
  await view.close()

  const optional = await show('FileInput', fileInput, b)
  await optional.page.keyboard.press('Tab')
  await optional.page.keyboard.press('Enter')
  assert.deepEqual(await optional.calls(), [{ skip: 'Skip' }])
  await optional.close()
})

test('payment: a clear message that payments cannot be made here, with the amount', async () => {
  const view = await show('PaymentInput', undefined, { type: 'payment input', options: {}, runtimeOptions: { amountLabel: '$30.50' } })
  const status = view.page.getByRole('status')
  assert.match(await textOf(status), /Payments are not supported in this chat yet\.\s+This step asks for a payment of \$30\.50/)
  await view.page.screenshot({ path: join(artifacts, 'input-payment.png') })
  assert.deepEqual(await view.calls(), [])
  await view.close()
})

test('cards: a button answers with its id, the user bubble shows its text, and the server follows its path', async () => {
  const items = [
    {
      id: 'c1',
      title: 'Starter',
      description: 'For one person',
      imageUrl: pictures[0].pictureSrc,
      paths: [{ id: 'c1p1', text: 'Pick Starter', outgoingEdgeId: 'e1' }],
    },
    {
      id: 'c2',
      title: 'Team',
      description: 'Up to ten people',
      paths: [
        { id: 'c2p1', text: 'Pick Team', outgoingEdgeId: 'e2' },
        { id: 'c2p2', text: 'Ask sales', outgoingEdgeId: 'e3' },
      ],
    },
  ]
  const view = await show('CardsInput', cardsInput, block('cards', {}, { items }))
  await view.page.screenshot({ path: join(artifacts, 'input-cards.png') })
  await view.page.getByRole('button', { name: 'Ask sales' }).click()
  const reply = await view.submitted()
  assert.deepEqual(reply, { message: { type: 'text', text: 'c2p2' }, label: 'Ask sales' })
  const parsed = await cardsInput.parseReply({ type: 'text', text: reply.message.text }, view.input, context())
  assert.deepEqual(parsed, { status: 'success', content: 'Team', outgoingEdgeId: 'e3' })
  await view.close()
})

test('at 320 px wide the inputs fit without a horizontal scrollbar', async () => {
  const view = await show('PhoneInput', phoneInput, block('phone number input'))
  await view.page.setViewportSize({ width: 320, height: 560 })
  for (const [name, b] of [
    ['PhoneInput', await phoneInput.prepare(block('phone number input'), context())],
    ['DateInput', await dateInput.prepare(block('date input', { isRange: true, hasTime: true }), context())],
    ['RatingInput', await ratingInput.prepare(block('rating input'), context())],
    ['FileInput', await fileInput.prepare(block('file input'), context())],
  ] as const) {
    await view.page.evaluate(([component, input]) => (globalThis as any).mount(component, input), [name, b] as const)
    const overflow = await view.page.evaluate(() => {
      const { scrollWidth, clientWidth } = (globalThis as any).document.documentElement
      return scrollWidth - clientWidth
    })
    assert.equal(overflow, 0, `${name} fits in 320 px`)
  }
  await view.page.screenshot({ path: join(artifacts, 'input-file-320.png') })
  await view.close()
})

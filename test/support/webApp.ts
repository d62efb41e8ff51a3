// Driving the builder's web application in Chromium: a signed-in page per person, screenshots into test-artifacts/,
// and the Typebot-format bots the browser tests import.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { newContext } from './browser.js'
import { artifacts } from './webChat.js'

export type Person = { name: string; email: string; password: string }

export const person = (name: string): Person => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  password: `pw-${name}-secret-1`,
})

/** A fresh browser context (own cookies) and page; page errors are collected so a test can show them. */
export const openApp = async (browser: Browser, options: { viewport?: { width: number; height: number } } = {}) => {
  const context: BrowserContext = await newContext(browser)
  const page = await context.newPage()
  if (options.viewport) await page.setViewportSize(options.viewport)
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()))
  return { context, page, errors }
}

export const shot = async (page: Page, name: string) => {
  mkdirSync(artifacts, { recursive: true })
  await page.screenshot({ path: join(artifacts, `web-app-${name}.png`), animations: 'disabled', fullPage: true })
}

export const fillAccountForm = async (page: Page, who: Person) => {
  await page.getByLabel('Your name').fill(who.name)
  const email = page.getByLabel('Email')
  if ((await email.getAttribute('readonly')) === null) await email.fill(who.email)
  await page.getByLabel(/^Password/).fill(who.password)
}

export const signIn = async (page: Page, baseUrl: string, who: Person) => {
  await page.goto(`${baseUrl}/signin`)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel(/^Password/).fill(who.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/w\/[^/]+\/bots/)
}

const group = (id: string, title: string, blocks: unknown[], x = 0) => ({ id, title, graphCoordinates: { x, y: 0 }, blocks })
const text = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })

/** A lead-intake bot that asks a name then hands over to a linked bot (by its Typebot id) that asks an email. */
export const linkedPair = () => {
  const child = {
    version: '6',
    id: 'tb-child-email',
    name: 'Email step',
    groups: [
      group('c1', 'Email', [
        text('c1t', 'And your email, please?'),
        { id: 'c1i', type: 'email input', options: { variableId: 'v-email' } },
        text('c1d', 'Thanks, we will write soon.'),
      ]),
    ],
    events: [{ id: 'c-start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'c-e0' }],
    edges: [{ id: 'c-e0', from: { eventId: 'c-start' }, to: { groupId: 'c1' } }],
    variables: [{ id: 'v-email', name: 'Email' }],
    theme: {},
    settings: {},
  }
  const main = {
    version: '6',
    id: 'tb-main-intake',
    name: 'Lead intake',
    groups: [
      group('g1', 'Welcome', [
        text('g1t', 'Welcome to Acme!'),
        text('g1q', 'What is your name?'),
        { id: 'g1i', type: 'text input', options: { variableId: 'v-name' } },
        { id: 'g1l', type: 'Typebot link', options: { typebotId: 'tb-child-email', groupId: 'c1' } },
      ]),
    ],
    events: [{ id: 'm-start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'm-e0' }],
    edges: [{ id: 'm-e0', from: { eventId: 'm-start' }, to: { groupId: 'g1' } }],
    variables: [{ id: 'v-name', name: 'Name' }],
    theme: {},
    settings: {},
  }
  return { main, child }
}

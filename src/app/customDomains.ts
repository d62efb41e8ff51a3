// Custom domains: a bot's `customDomain` serves its hosted page at that host (api/web/customDomainPages.ts). A domain
// names one bot across the server: the bots app claims it here before the document naming it is saved, so the
// customDomains table (the claim) may hold a row whose save then failed; every read below therefore also asks the
// bot's document, which stays the one truth, and such a row is given up to the next bot that asks for its domain.
// When the operator asks for it (CUSTOM_DOMAIN_VERIFICATION=http), a domain is served only once its owner proved
// control of it: this server fetches http://<domain>/.well-known/parley-domain-challenge/<token> through the domain
// (with the SSRF guard of bots' requests) and expects the answer only the claiming bot's writers are shown. This
// server never serves that path itself: were it to, anyone could "prove" a domain that already leads here (one
// another workspace let go of, a wildcard record) by claiming it first.
import { createHash, randomBytes } from 'node:crypto'
import { CHALLENGE_PATH, type CustomDomainStatus, normaliseDomain } from '../contract/customDomains.js'
import type { Runtime } from '../engine/types.js'
import type { StoredBot } from '../store/bots.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { AppError, badRequest } from './errors.js'

export type CustomDomainSettings = {
  /** Serve a domain only once its HTTP challenge passed. */
  verification: boolean
  /** The builder's and the user content's host names: never a bot's domain; the second is what domains point at. */
  siteHosts: () => { builder: string; content: string }
  /** Where the challenge of a domain is fetched: http://<domain>, or (tests) a loopback stand-in for its DNS. */
  challengeOrigin?: (domain: string) => string
}

/** How long the challenge fetch may take: a domain that does not answer in that time is not verified. */
const CHECK_TIMEOUT_MS = 10_000

/** What the challenge URL answers: derived from the domain and token, so a server echoing its URL does not pass. */
export const challengeAnswer = (domain: string, token: string) =>
  createHash('sha256').update(`parley-domain-challenge:${domain}:${token}`).digest('base64url')

/** The domain a bot document names, in its stored spelling (null: none, or one no longer valid). */
const domainOf = (doc: StoredBot['doc']): string | null => {
  const res = normaliseDomain(doc.customDomain)
  return res.ok ? res.domain : null
}

export const createCustomDomains = ({
  store,
  access,
  runtime,
  settings,
}: {
  store: Pick<Store, 'bots' | 'customDomains'>
  access: Access
  runtime: Pick<Runtime, 'httpRequest'>
  settings: CustomDomainSettings
}) => {
  const taken = (domain: string) =>
    new AppError('custom_domain_taken', `The domain ${domain} is already the custom domain of another bot on this server.`)

  /** The row of a domain when the bot holding it still names it (and is not archived). */
  const holder = async (domain: string) => {
    const row = await store.customDomains.get(domain)
    if (!row) return undefined
    const bot = await store.bots.get(row.botId)
    if (!bot || domainOf(bot.doc) !== domain) return { row, bot: undefined }
    return { row, bot }
  }

  const target = () => settings.siteHosts().content

  const statusOf = async (bot: StoredBot): Promise<CustomDomainStatus> => {
    const domain = domainOf(bot.doc)
    const row = domain ? await store.customDomains.get(domain) : undefined
    const own = row?.botId === bot.id ? row : undefined
    return {
      domain,
      verificationRequired: settings.verification,
      verifiedAt: own?.verifiedAt ?? null,
      served: !!own && (!settings.verification || !!own.verifiedAt) && !!bot.publishedId && !bot.isArchived,
      target: target(),
      challenge:
        own && settings.verification
          ? { url: `http://${own.domain}${CHALLENGE_PATH}${own.token}`, answer: challengeAnswer(own.domain, own.token) }
          : null,
    }
  }

  /** Fetches the domain's challenge URL: why it fails, or undefined when it holds the expected answer. */
  const check = async (domain: string, token: string): Promise<string | undefined> => {
    const shown = `http://${domain}${CHALLENGE_PATH}${token}`
    const base = settings.challengeOrigin?.(domain) ?? `http://${domain}`
    const outcome = await runtime.httpRequest({
      url: `${base}${CHALLENGE_PATH}${token}`,
      method: 'GET',
      headers: new URL(base).hostname === domain ? {} : { host: domain },
      timeoutMs: CHECK_TIMEOUT_MS,
      maxResponseBytes: 4096,
      purpose: 'service',
    })
    if (!outcome.ok) return `${shown} could not be fetched: ${outcome.message}`
    if (outcome.status !== 200)
      return `${shown} answered ${outcome.status}: put the file there (on the site the domain leads to now), then check again.`
    if (outcome.text.trim() !== challengeAnswer(domain, token))
      return `${shown} answered, but not with the expected text: the file must hold exactly the answer shown.`
    return undefined
  }

  return {
    /**
     * The domain a bot document is to be saved with, in its stored spelling (written back into the document), or a
     * 400 naming `bot.customDomain`.
     */
    prepare(value: unknown): string | null {
      const res = normaliseDomain(value)
      if (!res.ok) throw badRequest(res.message, [{ path: 'bot.customDomain', message: res.message }])
      const own = settings.siteHosts()
      if (res.domain && (res.domain === own.builder || res.domain === own.content)) {
        const message = `${res.domain} is this server's own host name: a custom domain must be another one.`
        throw badRequest(message, [{ path: 'bot.customDomain', message }])
      }
      return res.domain
    },

    /**
     * Claims `domain` for the bot, before its document is saved with it: a domain another bot names is a 409
     * `custom_domain_taken`; the same domain again keeps its challenge and verification. Once the document is saved,
     * `settle` lets go of the bot's other domains (a save that fails keeps them, and leaves this claim stale).
     */
    async claim(botId: string, domain: string | null): Promise<void> {
      if (!domain) return
      for (let attempt = 0; attempt < 2; attempt++) {
        const row = await store.customDomains.insert({ domain, botId, token: randomBytes(16).toString('hex'), createdAt: new Date().toISOString() })
        if (row.botId === botId) return
        const current = await holder(domain)
        if (current?.bot) throw taken(domain)
        // Left by a save that did not happen, or by a bot that has since changed its domain.
        await store.customDomains.releaseStale(domain, row.botId)
      }
      throw taken(domain)
    },

    /** After the bot's document was saved naming `domain` (or none): its other domains are free. */
    async settle(botId: string, domain: string | null): Promise<void> {
      await store.customDomains.releaseOthers(botId, domain)
    },

    /** Whether a domain is free for a bot (checked before a bot is created with it). */
    async ensureFree(domain: string | null): Promise<void> {
      if (domain && (await holder(domain))?.bot) throw taken(domain)
    },

    async status(user: Parameters<Access['bot']>[0], botId: string): Promise<CustomDomainStatus> {
      const { bot } = await access.bot(user, botId, 'read')
      return statusOf(bot)
    },

    /** Runs the HTTP challenge of the bot's domain now; a pass marks the domain verified. */
    async verify(user: Parameters<Access['bot']>[0], botId: string): Promise<CustomDomainStatus> {
      const { bot } = await access.bot(user, botId, 'write')
      const domain = domainOf(bot.doc)
      if (!domain) throw badRequest('This bot has no custom domain: set its customDomain first.')
      // A document stored before domains were checked may name this server's own host: never a bot's to prove.
      this.prepare(domain)
      let row = await store.customDomains.get(domain)
      // A bot whose document names a domain without its row (it lost it to a stale claim's cleanup): claim it now.
      if (!row || row.botId !== bot.id) {
        await this.claim(bot.id, domain)
        row = (await store.customDomains.get(domain))!
      }
      const failure = await check(domain, row.token)
      if (!failure) await store.customDomains.markVerified(domain, bot.id, new Date().toISOString())
      const status = await statusOf(bot)
      return {
        ...status,
        check: failure ? { ok: false, message: failure } : { ok: true, message: `${domain} is proven: it is served once it leads here.` },
      }
    },

    /**
     * The public id of the bot a request's host serves, when it is a custom domain this server serves (verified
     * when required); undefined for any other host. The bot may be unpublished: its page then says so.
     */
    async publicIdFor(host: string): Promise<{ publicId: string | null } | undefined> {
      // As stored (lower case, no trailing dot, ASCII); a host that cannot be a domain (an address) is no bot's.
      const res = normaliseDomain(host)
      if (!res.ok || !res.domain) return undefined
      const found = await holder(res.domain)
      if (!found?.bot || found.bot.isArchived) return undefined
      if (settings.verification && !found.row.verifiedAt) return undefined
      return { publicId: found.bot.publicId }
    },

    /**
     * Whether a TLS certificate may be obtained for a domain (a reverse proxy's on-demand TLS asks): it is a bot's
     * custom domain, verified when that is required.
     */
    async known(domain: string): Promise<boolean> {
      const res = normaliseDomain(domain)
      if (!res.ok || !res.domain) return false
      const found = await holder(res.domain)
      return !!found?.bot && !found.bot.isArchived && (!settings.verification || !!found.row.verifiedAt)
    },
  }
}

export type CustomDomainsApp = ReturnType<typeof createCustomDomains>

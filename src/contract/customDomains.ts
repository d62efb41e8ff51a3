// Custom domains (a bot's `customDomain`): what a valid one is, in the one spelling the server stores and matches
// Host headers against (shared with the web app, which checks what is typed), and the API's schemas.
import { z } from 'zod'

/** Where the HTTP challenge of a domain is asked for, followed by its token. */
export const CHALLENGE_PATH = '/.well-known/parley-domain-challenge/'

export type DomainResult = { ok: true; domain: string | null } | { ok: false; message: string }

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/**
 * A host name in lower case (international names in their ASCII form), without scheme, port, path or trailing dot;
 * null or an empty text clears the domain. A scheme and a lone trailing slash are forgiven (a pasted address);
 * anything that would not be the whole host of a site is refused: a port, a path, a query, an IP address, a name
 * of one label, `localhost`.
 */
export const normaliseDomain = (value: unknown): DomainResult => {
  if (value === null || value === undefined) return { ok: true, domain: null }
  if (typeof value !== 'string') return { ok: false, message: 'A custom domain is a host name, e.g. chat.example.com.' }
  const text = value.trim()
  if (!text) return { ok: true, domain: null }
  const withoutScheme = text.replace(/^https?:\/\//i, '')
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(withoutScheme) || /[\s@\\]/.test(withoutScheme)) {
    return { ok: false, message: `"${text}" is not a host name: give the domain alone, e.g. chat.example.com.` }
  }
  let url: URL
  try {
    url = new URL(`http://${withoutScheme}`)
  } catch {
    return { ok: false, message: `"${text}" is not a valid host name.` }
  }
  if (url.port) return { ok: false, message: 'A custom domain takes no port: the bot is served on the standard ports (80 and 443).' }
  if (url.pathname !== '/' || url.search || url.hash) {
    return { ok: false, message: 'A custom domain takes no path: the bot is served at the root of the domain.' }
  }
  const domain = url.hostname.replace(/\.$/, '')
  if (/^\[.*\]$|^[\d.]+$/.test(domain)) return { ok: false, message: 'A custom domain is a host name, not an IP address.' }
  const labels = domain.split('.')
  if (domain.length > 253 || !labels.every((label) => LABEL.test(label))) return { ok: false, message: `"${text}" is not a valid host name.` }
  if (labels.length < 2 || /^\d+$/.test(labels.at(-1)!)) {
    return { ok: false, message: 'A custom domain is a full host name with a dot, e.g. chat.example.com.' }
  }
  if (labels.at(-1) === 'localhost') return { ok: false, message: 'localhost cannot be a custom domain.' }
  return { ok: true, domain }
}

/** The state of a bot's custom domain, as the API answers it. */
export const customDomainStatusSchema = z
  .object({
    domain: z.string().nullable().meta({ description: "The bot's custom domain (its `customDomain`); null when it has none." }),
    verificationRequired: z
      .boolean()
      .meta({ description: 'Whether this server serves a domain only once its HTTP challenge passed (CUSTOM_DOMAIN_VERIFICATION).' }),
    verifiedAt: z.string().nullable().meta({ description: 'When the challenge last passed for this domain; null: never.' }),
    served: z
      .boolean()
      .meta({ description: "Whether the domain serves the bot's page now: it is set, verified when that is required, and the bot is published." }),
    target: z.string().meta({ description: 'The host name to point the domain at (a CNAME record): the chat origin of this server.' }),
    challenge: z
      .object({
        url: z.string().meta({ description: 'Where this server fetches the challenge (through the domain, over plain HTTP).' }),
        answer: z.string().meta({ description: 'What that URL must answer: Parley itself answers it once the domain reaches this server.' }),
      })
      .nullable()
      .meta({ description: 'The HTTP challenge, when the domain must be verified; null otherwise.' }),
    check: z.object({ ok: z.boolean(), message: z.string() }).optional().meta({ description: 'The outcome of the check just made (verify only).' }),
  })
  .meta({ id: 'CustomDomainStatus' })
export type CustomDomainStatus = z.infer<typeof customDomainStatusSchema>

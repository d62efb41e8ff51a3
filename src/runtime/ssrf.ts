// SSRF guard: server-side requests of bots may not reach loopback, private, link-local (cloud metadata) or other
// internal addresses, checked after DNS resolution. The operator may open some (HTTP_REQUEST_ALLOWLIST,
// comma-separated hosts and CIDRs, e.g. "127.0.0.1,10.1.0.0/16,api.internal"), within limits:
// - a listed name or range opens the private and reserved ranges only, so a listed name that resolves (or is
//   rebound) to loopback or the metadata service is still refused;
// - loopback and link-local open only when an address or CIDR inside them is listed literally;
// - cloud-metadata addresses and names, and the unspecified address, never open.
// IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged as that IPv4 address.
import { BlockList, isIP } from 'node:net'

type Family = 'ipv4' | 'ipv6'
/** `embedded`: an IPv6 address routed elsewhere (NAT64, 6to4…) that carries this IPv4 address. */
type Address = { address: string; type: Family; embedded?: boolean }
type Range = readonly [string, number]
type Rule = { label: string; v4: readonly Range[]; v6: readonly Range[] }

const list = (rule: Rule) => {
  const blocks = new BlockList()
  for (const [net, prefix] of rule.v4) blocks.addSubnet(net, prefix, 'ipv4')
  for (const [net, prefix] of rule.v6) blocks.addSubnet(net, prefix, 'ipv6')
  return blocks
}

// Where providers serve instance metadata (AWS incl. ECS/EKS, GCP, Azure, DigitalOcean, Oracle, Alibaba).
const METADATA: Rule = {
  label: 'cloud metadata services',
  v4: [
    ['169.254.169.254', 32],
    ['169.254.170.2', 32],
    ['169.254.170.23', 32],
    ['192.0.0.192', 32],
    ['100.100.100.200', 32],
  ],
  v6: [
    ['fd00:ec2::254', 128],
    ['fd00:ec2::23', 128],
  ],
}
export const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata'])

/** Refused whatever is listed: 0.0.0.0 and :: reach the local host; local-use NAT64 may embed any IPv4 address. */
const NEVER: Rule = {
  label: 'unspecified or local-use NAT64 addresses',
  v4: [['0.0.0.0', 8]],
  v6: [
    ['::', 128],
    ['64:ff9b:1::', 48],
  ],
}
/** Opened only by a literal address or CIDR inside them. */
const LITERAL_ONLY: Rule[] = [
  { label: 'loopback addresses', v4: [['127.0.0.0', 8]], v6: [['::1', 128]] },
  { label: 'link-local addresses', v4: [['169.254.0.0', 16]], v6: [['fe80::', 10]] },
]
/** Opened by any listed name or range. Teredo (2001::/32) is here as it embeds an (obfuscated) IPv4 address. */
const INTERNAL: Rule = {
  label: 'private or reserved addresses',
  v4: [
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ],
  v6: [
    ['fc00::', 7],
    ['fec0::', 10],
    ['ff00::', 8],
    ['100::', 64],
    ['2001:db8::', 32],
    ['2001::', 32],
  ],
}

const metadata = list(METADATA)
const never = list(NEVER)
const literalOnly = LITERAL_ONLY.map((rule) => ({ rule, blocks: list(rule) }))
const internal = list(INTERNAL)

/** The eight 16-bit words of a valid IPv6 address (a zone id is dropped). */
const ipv6Words = (text: string): number[] => {
  let s = text.split('%')[0].toLowerCase()
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const words = (part: string) => (part ? part.split(':').map((w) => Number.parseInt(w, 16)) : [])
  const [head, tail] = s.split('::')
  if (tail === undefined) return words(head)
  const h = words(head)
  const t = words(tail)
  return [...h, ...new Array(8 - h.length - t.length).fill(0), ...t]
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`

/** The address to judge: an IP literal (brackets removed), or the IPv4 address an IPv6 form carries. */
export const canonical = (raw: string): Address | undefined => {
  const address = raw.replace(/^\[|\]$/g, '')
  const family = isIP(address)
  if (family === 4) return { address, type: 'ipv4' }
  if (family !== 6) return undefined
  const w = ipv6Words(address)
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0)
  // ::ffff:0:0/96 mapped, ::ffff:0:0:0/96 translated, ::/96 compatible (but :: and ::1 are themselves),
  // NAT64 64:ff9b::/96, 6to4 2002::/16.
  if (zero(0, 5) && w[5] === 0xffff) return { address: v4(w[6], w[7]), type: 'ipv4' }
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return { address: v4(w[6], w[7]), type: 'ipv4' }
  if (zero(0, 6) && (w[6] !== 0 || w[7] > 1)) return { address: v4(w[6], w[7]), type: 'ipv4', embedded: true }
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return { address: v4(w[6], w[7]), type: 'ipv4', embedded: true }
  if (w[0] === 0x2002) return { address: v4(w[1], w[2]), type: 'ipv4', embedded: true }
  return { address: w.map((x) => x.toString(16)).join(':'), type: 'ipv6' }
}

export type Allowlist = {
  /** Listed names (lower-case, no trailing dot): what they resolve to may be private or reserved. */
  hosts: Set<string>
  /** Listed addresses and CIDRs. */
  networks: BlockList
  /** The listed addresses and CIDRs that lie inside loopback or link-local, which only these open. */
  literals: BlockList
}

const hostKey = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()

export const parseAllowlist = (value: string | undefined): Allowlist => {
  const hosts = new Set<string>()
  const networks = new BlockList()
  const literals = new BlockList()
  for (const raw of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [text, prefixText] = raw.split('/')
    const ip = canonical(text)
    if (!ip) {
      hosts.add(hostKey(raw))
      continue
    }
    // An IPv6 form of an IPv4 address (::ffff:10.0.0.0/104) lists the IPv4 range it carries.
    const given = prefixText ? Number(prefixText) : isIP(text) === 6 ? 128 : 32
    const prefix = ip.type === 'ipv4' && isIP(text) === 6 ? Math.max(given - 96, 0) : given
    networks.addSubnet(ip.address, prefix, ip.type)
    for (const { rule, blocks } of literalOnly) {
      const [, bits] = (ip.type === 'ipv4' ? rule.v4 : rule.v6)[0]
      if (prefix >= bits && blocks.check(ip.address, ip.type)) literals.addSubnet(ip.address, prefix, ip.type)
    }
  }
  return { hosts, networks, literals }
}

const refusal = (label: string, what?: string) => `Access to ${label} is not allowed for security reasons${what ? ` (${what})` : ''}.`

/** Why a host name may not be called whatever it resolves to (metadata names), or undefined. */
export const refuseHostname = (hostname: string): string | undefined =>
  METADATA_HOSTS.has(hostKey(hostname)) ? refusal(METADATA.label, hostname) : undefined

/**
 * Why an address may not be called, or undefined when it may. `hostname` is the name it was resolved from (not
 * given for IP literals): a listed name opens the private and reserved ranges.
 */
export const refuseAddress = (raw: string, allow: Allowlist, hostname?: string): string | undefined => {
  const ip = canonical(raw)
  if (!ip) return `${raw} is not an IP address.`
  const bare = raw.replace(/^\[|\]$/g, '')
  const shown = ip.type === 'ipv4' && isIP(bare) === 6 ? `${bare}, that is ${ip.address}` : bare
  if (metadata.check(ip.address, ip.type)) return refusal(METADATA.label, shown)
  if (never.check(ip.address, ip.type)) return refusal(NEVER.label, shown)
  // Mapped addresses are the IPv4 address itself; the others go through a translator or tunnel to wherever the IPv4
  // address leads from there, which listing that IPv4 address here does not vouch for.
  const internalV4 = internal.check(ip.address, ip.type) || literalOnly.some(({ blocks }) => blocks.check(ip.address, ip.type))
  if (ip.embedded && internalV4) return refusal('IPv6 forms of internal IPv4 addresses', shown)
  for (const { rule, blocks } of literalOnly) {
    if (blocks.check(ip.address, ip.type)) return allow.literals.check(ip.address, ip.type) ? undefined : refusal(rule.label, shown)
  }
  if (!internal.check(ip.address, ip.type)) return undefined
  if (allow.networks.check(ip.address, ip.type) || (hostname !== undefined && allow.hosts.has(hostKey(hostname)))) return undefined
  return refusal(INTERNAL.label, shown)
}

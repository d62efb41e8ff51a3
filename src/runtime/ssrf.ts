// SSRF guard: server-side requests of bots may not reach loopback, private, link-local (cloud metadata) or other
// internal addresses, checked after DNS resolution, unless the operator allows hosts or CIDRs
// (HTTP_REQUEST_ALLOWLIST, comma-separated, e.g. "127.0.0.1/32,api.internal").
import { BlockList, isIP } from 'node:net'

const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['100::', 64], ['2001:db8::', 32],
] as const) blocked.addSubnet(net, prefix, 'ipv6')

export type Allowlist = { hosts: Set<string>; networks: BlockList }

export const parseAllowlist = (value: string | undefined): Allowlist => {
  const hosts = new Set<string>()
  const networks = new BlockList()
  for (const raw of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [address, prefix] = raw.split('/')
    const family = isIP(address)
    if (family) {
      const type = family === 4 ? 'ipv4' : 'ipv6'
      networks.addSubnet(address, prefix ? Number(prefix) : family === 4 ? 32 : 128, type)
    } else hosts.add(raw.toLowerCase())
  }
  return { hosts, networks }
}

/** IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they carry. */
const unmap = (address: string): { address: string; type: 'ipv4' | 'ipv6' } => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return { address: mapped[1], type: 'ipv4' }
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' }
}

/** Why an address may not be called, or undefined when it may. */
export const refuseAddress = (raw: string, allow: Allowlist): string | undefined => {
  const { address, type } = unmap(raw.replace(/^\[|\]$/g, ''))
  if (allow.networks.check(address, type)) return undefined
  if (blocked.check(address, type)) return `address ${raw} is internal (loopback, private, link-local or reserved)`
  return undefined
}

export const isAllowedHost = (hostname: string, allow: Allowlist) => allow.hosts.has(hostname.toLowerCase())

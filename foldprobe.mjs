import { RE2JS } from 're2js'
const canon = (d) => { const u = d.toUpperCase(); if (u.length !== 1) return d; if (d.charCodeAt(0) >= 128 && u.charCodeAt(0) < 128) return d; return u }
const byKey = new Map(); const add = (m, k, c) => { if (!m.has(k)) m.set(k, []); m.get(k).push(c) }
const lower = new Map(), upper = new Map()
const chars = []
for (let c = 0; c <= 0xffff; c++) { if (c >= 0xd800 && c <= 0xdfff) continue; const d = String.fromCharCode(c); chars.push(d); add(byKey, canon(d), d); add(lower, d.toLowerCase(), d); add(upper, d.toUpperCase(), d) }
const diffNonU = [], diffU = []
for (const d of chars) {
  const cands = new Set([...(byKey.get(canon(d)) ?? []), ...(lower.get(d.toLowerCase()) ?? []), ...(upper.get(d.toUpperCase()) ?? []), ...(lower.get(d) ?? []), ...(upper.get(d) ?? [])])
  for (const x of [...cands]) { for (const y of [...(lower.get(x.toLowerCase()) ?? []), ...(upper.get(x.toUpperCase()) ?? [])]) cands.add(y) }
  if (cands.size <= 1) continue
  const re2 = RE2JS.compile(`^\\x{${d.charCodeAt(0).toString(16)}}$`, RE2JS.CASE_INSENSITIVE)
  const esc = `\\u${d.charCodeAt(0).toString(16).padStart(4,'0')}`
  const jsn = new RegExp(`^${esc}$`, 'i'), jsu = new RegExp(`^${esc}$`, 'iu')
  for (const x of cands) { const r = re2.test(x); if (r !== jsn.test(x)) diffNonU.push([d, x]); if (r !== jsu.test(x)) diffU.push([d, x]) }
}
const fmt = (l) => [...new Set(l.flatMap(([a,b]) => [a,b]))].map(c => c.charCodeAt(0).toString(16)).sort().join(' ')
console.log('nonU', diffNonU.length, fmt(diffNonU))
console.log('U', diffU.length, fmt(diffU))

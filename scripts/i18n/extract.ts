// Brings each catalogue's English file up to date with the code (`npm run i18n`): English keeps its texts (a
// plural's `_one` form is written by hand), new keys are added as themselves, unused ones dropped; then it lists what
// the other languages lack, which test/unit/i18n.test.ts fails on.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { catalogues, compare, entriesFor, keysOf, languageTags, readLocale } from './keys.js'

const root = new URL('../../', import.meta.url).pathname
let lacking = 0
for (const catalogue of catalogues) {
  const old = readLocale(catalogue, 'en')
  const english: Record<string, string> = {}
  for (const key of keysOf(catalogue)) for (const entry of entriesFor(key, 'en')) english[entry] = old[entry] ?? key
  writeFileSync(join(root, catalogue.localesDir, 'en.json'), `${JSON.stringify(english, null, 2)}\n`)
  // English is its keys: a bundle needs only its plural forms (a key's `_one` differs from the key).
  const plurals = Object.fromEntries(Object.entries(english).filter(([entry]) => entry !== entry.replace(/_(zero|one|two|few|many|other)$/, '')))
  writeFileSync(join(root, catalogue.localesDir, 'en.plurals.json'), `${JSON.stringify(plurals, null, 2)}\n`)
  console.log(`${catalogue.name}: ${Object.keys(english).length} English texts`)
  for (const language of languageTags.filter((l) => l !== 'en')) {
    const { missing, unused } = compare(catalogue, language)
    lacking += missing.length
    if (missing.length || unused.length) console.log(`  ${language}: ${missing.length} missing, ${unused.length} unused`)
  }
}
process.exitCode = lacking ? 1 : 0

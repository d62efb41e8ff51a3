// The texts Parley's code asks to translate, per catalogue: the web app's and the widget's. A key is the English
// text itself, taken from `t('…')` and `msg('…')` calls with a literal (a computed key cannot be checked, so the code
// never makes one) and, for the web app, from the block kinds' cards (their names, descriptions, form labels and
// help), which the editor shows through `t()`.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { allCards as cards } from '../../src/blocks/cards.js'
import { blockSchemaByType } from '../../src/blocks/schemas.js'
import { blockCategories } from '../../src/contract/bot/card.js'
import { visitorTextsOf } from '../../src/contract/bot/visitorTexts.js'
import { type Language, languageTags } from '../../src/contract/languages.js'
import { type Field, humanize, objectFields } from '../../web/app/src/editor/blocks/formModel.js'
import { formHints } from '../../web/app/src/editor/blocks/hints.js'

const root = new URL('../../', import.meta.url).pathname

export type Catalogue = { name: string; localesDir: string; sources: string[]; extra?: () => string[] }

const filesUnder = (dir: string, keep: (name: string) => boolean): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name)
    if (d.isDirectory()) return filesUnder(path, keep)
    return keep(d.name) && !d.name.endsWith('.test.ts') ? [path] : []
  })

const sourceFile = (name: string) => /\.tsx?$/.test(name)

// `t(` or `msg(` (not `.t(` of another object, not `fit(`), then a quoted literal.
const CALL = /(?<![\w$.])(?:t|msg)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)/g

const unquote = (literal: string): string => {
  const body = literal.slice(1, -1)
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, e: string) => {
    if (e.startsWith('u{')) return String.fromCodePoint(Number.parseInt(e.slice(2, -1), 16))
    if (e.startsWith('u') || e.startsWith('x')) return String.fromCharCode(Number.parseInt(e.slice(1), 16))
    return ({ n: '\n', t: '\t' } as Record<string, string>)[e] ?? e
  })
}

export const keysInSource = (text: string): string[] => [...text.matchAll(CALL)].map((m) => unquote(m[1]))

/** The texts of the kinds' cards the editor translates. */
const cardTexts = (): string[] => [
  ...blockCategories.map((c) => c.label),
  ...cards.flatMap((card) => [
    card.label,
    card.description,
    ...(card.elseLabel ? [card.elseLabel] : []),
    ...Object.values(card.hints?.labels ?? {}),
    ...Object.values(card.hints?.help ?? {}),
    // Shown as the settings' placeholders (visitorTexts.ts).
    ...visitorTextsOf(card.defaults()).map(([, text]) => text),
  ]),
]

/** The settings forms' labels made from option names (formModel.ts), for every kind's schema and action. */
const derivedLabels = (): string[] => {
  const labels = (fields: Field[]): string[] =>
    fields.flatMap((f) => [...(f.label === humanize(f.key) ? [f.label] : []), ...('fields' in f ? labels(f.fields) : [])])
  return [
    ...Object.entries(blockSchemaByType).flatMap(([type, schema]) => labels(objectFields(schema as z.ZodType, formHints(type)))),
    ...cards.flatMap((card) =>
      (card.actions?.list ?? []).flatMap((action) => labels(objectFields(z.object({ options: action.options }), formHints(card.type)))),
    ),
  ]
}

export const catalogues: Catalogue[] = [
  {
    name: 'web app',
    localesDir: 'web/app/src/i18n/locales',
    sources: [
      ...filesUnder('web/app/src', sourceFile),
      ...filesUnder('src/blocks', (n) => n === 'editor.ts'),
      ...filesUnder('src/contract/bot', sourceFile),
    ],
    extra: () => [...cardTexts(), ...derivedLabels()],
  },
  { name: 'widget', localesDir: 'web/chat/src/i18n/locales', sources: filesUnder('web/chat/src', sourceFile) },
]

/** The keys a catalogue's code uses, sorted, without repeats. */
export const keysOf = (catalogue: Catalogue): string[] => {
  const keys = new Set(catalogue.sources.flatMap((file) => keysInSource(readFileSync(join(root, file), 'utf8'))))
  for (const key of catalogue.extra?.() ?? []) keys.add(key)
  keys.delete('')
  return [...keys].sort()
}

/** A key counted by `{{count}}` is looked up with the language's plural suffix (i18next): `key_one`, `key_other`… */
export const entriesFor = (key: string, language: Language): string[] =>
  key.includes('{{count}}') ? new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((c) => `${key}_${c}`) : [key]

export const readLocale = (catalogue: Catalogue, language: Language): Record<string, string> =>
  JSON.parse(readFileSync(join(root, catalogue.localesDir, `${language}.json`), 'utf8'))

/** The `{{values}}` and `<tags>` of a text, sorted: a translation must keep the same. */
const slots = (text: string) =>
  [...text.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)]
    .map((m) => m[0])
    .sort()
    .join(' ')

/** What a language's file lacks, keeps that no code uses, or translates with other placeholders than its key's. */
export const compare = (catalogue: Catalogue, language: Language) => {
  const texts = readLocale(catalogue, language)
  const keys = keysOf(catalogue)
  const wanted = keys.flatMap((key) => entriesFor(key, language))
  const wantedSet = new Set(wanted)
  const missing = wanted.filter((entry) => typeof texts[entry] !== 'string' || texts[entry].trim() === '')
  const mismatched = keys.flatMap((key) =>
    entriesFor(key, language).filter(
      (entry) => typeof texts[entry] === 'string' && slots(texts[entry]).replace('{{count}}', '') !== slots(key).replace('{{count}}', ''),
    ),
  )
  return { missing, unused: Object.keys(texts).filter((entry) => !wantedSet.has(entry)), mismatched }
}

export { languageTags }

// Every text the web app and the widget ask to translate exists in each of the five languages (and no language
// keeps texts the code no longer uses). `npm run i18n` updates the English files and lists what the others lack.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { catalogues, compare, keysInSource, keysOf, languageTags } from '../../scripts/i18n/keys.js'

test('the key reader takes literal t() and msg() calls, not computed ones or other functions', () => {
  const source = `t('Save') + t("It's {{name}}") + msg(\`Two\\nlines\`) + i18n.t('x') + fit('y') + t(label) + t(\`a \${b}\`)`
  assert.deepEqual(keysInSource(source), ['Save', "It's {{name}}", 'Two\nlines'])
})

for (const catalogue of catalogues) {
  test(`the ${catalogue.name} uses texts`, () => assert.ok(keysOf(catalogue).length > 20))
  for (const language of languageTags) {
    test(`the ${catalogue.name} has every text in ${language}`, () => {
      const { missing, unused, mismatched } = compare(catalogue, language)
      assert.deepEqual(mismatched, [], `translated with other {{values}} or <tags> than the English, in ${catalogue.localesDir}/${language}.json`)
      assert.deepEqual(missing, [], `missing in ${catalogue.localesDir}/${language}.json (run npm run i18n)`)
      assert.deepEqual(unused, [], `no longer used, in ${catalogue.localesDir}/${language}.json (run npm run i18n)`)
    })
  }
}

test('a name set inside a sentence is lower-cased, except in German, whose nouns keep their capital', async () => {
  const { i18n, midSentence } = await import('../../web/app/src/i18n/index.js')
  try {
    assert.equal(midSentence('Text settings'), 'text settings')
    await i18n.changeLanguage('fr')
    assert.equal(midSentence('Réglages du texte'), 'réglages du texte')
    await i18n.changeLanguage('de')
    assert.equal(midSentence('Text-Einstellungen'), 'Text-Einstellungen')
  } finally {
    await i18n.changeLanguage('en')
  }
})

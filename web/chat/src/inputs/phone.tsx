// Phone number input with a country picker. A national number is sent with the picked country's dial code
// ("+33 6 12 34 56 78": the server drops the trunk zero where the country has one); a number typed with "+" or "00"
// is sent as international. The picker is a native select (keyboard and screen-reader friendly) drawn over a
// compact "FR +33" face (flag emoji are missing from many systems' fonts). Countries are named and sorted in the
// chat's language.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useMemo, useState } from 'preact/hooks'
import type { Language } from '../../../../src/contract/languages.js'
import { useTexts } from '../i18n/context.js'
import { type Country, countries } from './countries.js'
import { LineForm } from './lineForm.js'
import { type InputProps, orEmpty } from './types.js'

/** The block's default country, else the region of the browser's language, else the United States. */
const initialCountry = (preferred: unknown) => {
  const known = new Set(countries().map((c) => c.code))
  const wanted = typeof preferred === 'string' ? preferred.trim().toUpperCase() : ''
  if (known.has(wanted)) return wanted
  const region = /-([A-Z]{2})\b/.exec(navigator.language ?? '')?.[1]
  return region && known.has(region) ? region : 'US'
}

/** The countries named in `language` (the English name where the browser has none), sorted by that name. */
const countriesIn = (language: Language): Country[] => {
  let names: Intl.DisplayNames | undefined
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
  } catch {}
  const named = countries().map((c) => {
    let name: string | undefined
    try {
      name = names?.of(c.code)
    } catch {}
    return { ...c, name: name || c.name }
  })
  const collator = new Intl.Collator(language)
  return named.sort((a, b) => collator.compare(a.name, b.name))
}

export const internationalNumber = (typed: string, dial: string) => {
  const text = typed.trim()
  if (text.startsWith('+')) return text
  if (text.startsWith('00')) return `+${text.slice(2)}`
  return `+${dial} ${text}`
}

export const PhoneInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.PHONE>) => {
  const { t, language } = useTexts()
  const options = orEmpty(input.options)
  const [code, setCode] = useState(() => initialCountry(options.defaultCountryCode))
  const list = useMemo(() => countriesIn(language), [language])
  const country = useMemo(() => list.find((c) => c.code === code)!, [list, code])
  const picker = (
    <span class="p-country">
      <span class="p-country-face" aria-hidden="true">
        {country.code} +{country.dial}
      </span>
      <select aria-label={t('Country')} value={code} disabled={disabled} onChange={(e) => setCode(e.currentTarget.value)}>
        {list.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.name} (+${c.dial})`}
          </option>
        ))}
      </select>
    </span>
  )
  return (
    <LineForm
      kind="phone"
      placeholder={options.labels?.placeholder || t('Type your phone number...')}
      buttonLabel={options.labels?.button || t('Send')}
      initial={input.prefilledValue}
      disabled={disabled}
      field={{ type: 'tel', autoComplete: 'tel' }}
      before={picker}
      onSend={(text) => {
        submit({ message: { type: 'text', text: internationalNumber(text, country.dial) } })
      }}
    />
  )
}

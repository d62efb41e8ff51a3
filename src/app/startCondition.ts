// Which bot answers a contact's first message on a messaging channel: the condition of settings.whatsApp (or
// .telegram) `startCondition`, read against the message's text. The operators behave as in Typebot's WhatsApp
// start: text operators ignore case and surrounding spaces where Typebot's do; it leaves "Greater or equal to",
// "Less or equal to" and the regex operators unmatched, which no user would expect: here they work.
import type { Comparison, Condition } from '../contract/bot/common.js'
import type { Runtime } from '../engine/types.js'

const REGEX_TIMEOUT_MS = 100

const compare = async (text: string, comparison: Comparison, runtime: Pick<Runtime, 'testRegex'>): Promise<boolean> => {
  const value = comparison.value ?? undefined
  const operator = comparison.comparisonOperator
  const lower = text.trim().toLowerCase()
  const number = (v: string) => Number.parseFloat(v)
  switch (operator) {
    case 'Equal to':
      return text === (value ?? '')
    case 'Not equal':
      return text !== (value ?? '')
    case 'Is set':
      return text.length > 0
    case 'Is empty':
      return text.length === 0
  }
  if (value === undefined) return false
  switch (operator) {
    case 'Contains':
      return lower.includes(value.trim().toLowerCase())
    case 'Does not contain':
      return !lower.includes(value.trim().toLowerCase())
    case 'Starts with':
      return text.toLowerCase().startsWith(value.toLowerCase())
    case 'Ends with':
      return text.toLowerCase().endsWith(value.toLowerCase())
    case 'Greater than':
      return number(text) > number(value)
    case 'Less than':
      return number(text) < number(value)
    case 'Greater or equal to':
      return number(text) >= number(value)
    case 'Less or equal to':
      return number(text) <= number(value)
    case 'Matches regex':
    case 'Does not match regex': {
      const { verdict } = await runtime.testRegex(value, text, REGEX_TIMEOUT_MS)
      if (verdict === null) return false
      return operator === 'Matches regex' ? verdict : !verdict
    }
    default:
      return false
  }
}

/** Whether a message's text meets a start condition (comparisons joined by AND, Typebot's default, or OR). */
export const meetsStartCondition = async (condition: Condition, text: string | undefined, runtime: Pick<Runtime, 'testRegex'>): Promise<boolean> => {
  const comparisons = condition.comparisons ?? []
  if (text === undefined || comparisons.length === 0) return false
  const results: boolean[] = []
  for (const c of comparisons) results.push(await compare(text, c, runtime))
  return condition.logicalOperator === 'OR' ? results.some(Boolean) : results.every(Boolean)
}

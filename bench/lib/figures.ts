// A figure of the benchmark report: a ratio, a count or a measure, with its target when it has one.
export type Target = { op: '>=' | '<='; value: number } | { op: '=='; value: number | string }

export type Figure = {
  key: string
  label: string
  value: number | string
  unit: string
  target?: Target
  /** Present when there is a target. */
  holds?: boolean
  /** Supporting measures (absolute throughputs, medians…) kept in results.json. */
  details?: Record<string, unknown>
}

export const figure = (
  key: string,
  label: string,
  value: number | string,
  unit: string,
  target?: Target,
  details?: Record<string, unknown>,
): Figure => {
  let holds: boolean | undefined
  if (target) {
    if (target.op === '==') holds = value === target.value
    else if (typeof value === 'number' && typeof target.value === 'number') holds = target.op === '>=' ? value >= target.value : value <= target.value
    else holds = false
  }
  return { key, label, value, unit, ...(target && { target, holds }), ...(details && { details }) }
}

export const describeTarget = (t: Target | undefined): string => (t ? `${t.op === '==' ? '=' : t.op === '>=' ? '≥' : '≤'} ${t.value}` : '—')

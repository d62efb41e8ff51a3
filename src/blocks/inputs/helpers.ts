// Building blocks shared by the input kinds: templating, prefill, numeric options, display conditions.
import { evaluateCondition } from '../../engine/conditions.js'
import type { BlockContext, UserReply } from '../../engine/types.js'
import { deepParseVariables, parseVariables } from '../../engine/variables.js'
import type { Condition } from '../../schema/common.js'

/** Templates every string of a value with the current variables (inline code included). */
export const template = <T>(value: T, ctx: BlockContext): T =>
  deepParseVariables(value, ctx.variables, { evaluate: ctx.runtime.evaluate })

export const templateText = (text: string | null | undefined, ctx: BlockContext): string =>
  parseVariables(text, ctx.variables, { evaluate: ctx.runtime.evaluate })

/** The current value of the input's variable when it is a non-empty string (lists are never prefilled). */
export const prefilledValue = (variableId: string | null | undefined, ctx: BlockContext): string | undefined => {
  if (!variableId) return undefined
  const value = ctx.variables.find((v) => v.id === variableId)?.value
  return typeof value === 'string' && value !== '' ? value : undefined
}

type WithOptions = { options?: Record<string, any> | null }

/** The block with its options templated (the input shape of kinds without prefill). */
export const templateOptions = <B extends WithOptions>(block: B, ctx: BlockContext): B =>
  block.options ? { ...block, options: template(block.options, ctx) } : block

/** The block with its options templated, plus the prefill: the input shape of the typed-answer kinds. */
export const prepareWithPrefill = <B extends WithOptions>(block: B, ctx: BlockContext) => {
  const prefill = prefilledValue(block.options?.variableId, ctx)
  return { ...templateOptions(block, ctx), ...(prefill !== undefined && { prefilledValue: prefill }) }
}

/** A number option (a number or a `{{variable}}` text) as a number; undefined when empty or not numeric. */
export const toNumberOption = (value: unknown, ctx: BlockContext): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  const text = templateText(value, ctx).trim()
  if (text === '') return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}

type DisplayCondition = { isEnabled?: boolean | null; condition?: Condition | null } | null | undefined

/** Items with an enabled display condition are shown only when it holds (evaluated before templating). */
export const isDisplayed = (displayCondition: DisplayCondition, ctx: BlockContext): boolean => {
  if (!displayCondition?.isEnabled || !displayCondition.condition) return true
  return evaluateCondition(displayCondition.condition, ctx.variables, ctx.runtime.evaluate)
}

/** The text of a text reply; audio and commands are not text. */
export const replyText = (reply: UserReply | undefined): string | undefined => (reply?.type === 'text' ? reply.text : undefined)

/** The block's own retry text (already templated in the prepared input) when set and not empty. */
export const ownRetryMessage = (input: any): string | undefined => {
  const text = input?.options?.retryMessageContent
  return typeof text === 'string' && text.trim() !== '' ? text : undefined
}

/** A variable's value as a list: a single string becomes a one-item list; missing values give undefined. */
export const listValue = (variableId: string | null | undefined, ctx: BlockContext): (string | null)[] | undefined => {
  if (!variableId) return undefined
  const value = ctx.variables.find((v) => v.id === variableId)?.value
  if (value === null || value === undefined) return undefined
  return Array.isArray(value) ? value : [value]
}

/** Text comparison tolerant of Unicode composition differences (é typed vs. e + accent). */
export const sameText = (a: string, b: string, ignoreCase = false): boolean => {
  const norm = (s: string) => (ignoreCase ? s.trim().normalize().toLowerCase() : s.trim().normalize())
  return norm(a) === norm(b)
}

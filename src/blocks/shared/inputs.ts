// Building blocks shared by the kinds: templating, prefill, numeric options, display conditions.
import { evaluateCondition } from '../../engine/conditions.js'
import type { BlockContext, MaybePromise } from '../../engine/kinds.js'
import type { UserReply } from '../../engine/types.js'
import { deepParseVariables, parseVariables, withInlineCode } from '../../engine/variables.js'
import type { Condition } from '../../contract/bot/common.js'

/** Templates every string of a value with the current variables; inline code runs in the sandbox first. */
export const template = <T>(value: T, ctx: BlockContext): MaybePromise<T> =>
  withInlineCode(value, ctx.variables, ctx.runtime.evaluate, (evaluate) => deepParseVariables(value, ctx.variables, { evaluate }))

export const templateText = (text: string | null | undefined, ctx: BlockContext): MaybePromise<string> =>
  withInlineCode(text, ctx.variables, ctx.runtime.evaluate, (evaluate) => parseVariables(text, ctx.variables, { evaluate }))

/** The current value of the input's variable when it is a non-empty string (lists are never prefilled). */
export const prefilledValue = (variableId: string | null | undefined, ctx: BlockContext): string | undefined => {
  if (!variableId) return undefined
  const value = ctx.variables.find((v) => v.id === variableId)?.value
  return typeof value === 'string' && value !== '' ? value : undefined
}

type WithOptions = { options?: Record<string, any> | null }

/** The block with its options templated (the input shape of kinds without prefill). */
export const templateOptions = async <B extends WithOptions>(block: B, ctx: BlockContext): Promise<B> =>
  block.options ? { ...block, options: await template(block.options, ctx) } : block

/** The block with its options templated, plus the prefill: the input shape of the typed-answer kinds. */
export const prepareWithPrefill = async <B extends WithOptions>(block: B, ctx: BlockContext) => {
  const prefill = prefilledValue(block.options?.variableId, ctx)
  return { ...(await templateOptions(block, ctx)), ...(prefill !== undefined && { prefilledValue: prefill }) }
}

/** A number option (a number or a `{{variable}}` text) as a number; undefined when empty or not numeric. */
export const toNumberOption = async (value: unknown, ctx: BlockContext): Promise<number | undefined> => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  const text = (await templateText(value, ctx)).trim()
  if (text === '') return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}

type DisplayCondition = { isEnabled?: boolean | null; condition?: Condition | null } | null | undefined

/** Items with an enabled display condition are shown only when it holds (evaluated before templating). */
export const isDisplayed = async (displayCondition: DisplayCondition, ctx: BlockContext): Promise<boolean> => {
  if (!displayCondition?.isEnabled || !displayCondition.condition) return true
  return evaluateCondition(displayCondition.condition, ctx.variables, ctx.runtime)
}

/** The items whose display condition holds, in order. */
export const displayedOnly = async <T>(items: T[], condition: (item: T) => DisplayCondition, ctx: BlockContext): Promise<T[]> => {
  const shown: T[] = []
  for (const item of items) if (await isDisplayed(condition(item), ctx)) shown.push(item)
  return shown
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

/**
 * Runs `work` with a synchronous templating function for the texts found in `source` (block options): their inline
 * code is evaluated in the sandbox first (see `withInlineCode`).
 */
export const withTemplating = <T>(
  source: unknown,
  ctx: BlockContext,
  work: (text: (value: string | null | undefined) => string) => T,
): MaybePromise<T> =>
  withInlineCode(source, ctx.variables, ctx.runtime.evaluate, (evaluate) => work((value) => parseVariables(value, ctx.variables, { evaluate })))

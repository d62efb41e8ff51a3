// Typebot link: runs another bot of the workspace (or another group of this one, `typebotId: "current"`), then
// comes back after the link block. The engine keeps the stack; this module only finds the target.
import type { TypebotLinkBlock } from './schema.js'
import type { ActionKind } from '../../../engine/kinds.js'

export const typebotLink: ActionKind<TypebotLinkBlock> = {
  type: 'Typebot link',
  category: 'logic',
  async execute(block, ctx) {
    const options = block.options ?? {}
    const id = options.typebotId
    const fail = (why: string) => ({ logs: [{ status: 'error' as const, description: 'Failed to link typebot', details: why }] })
    if (!id) return fail('No bot selected.')
    const bot = id === 'current' || id === ctx.bot.botId ? ctx.bot : await ctx.linkedBot(id)
    if (!bot) return fail(`Bot ${id} not found in this workspace${ctx.isPreview ? '' : ' (or not published)'}.`)
    if (options.groupId && !bot.groupById.has(options.groupId)) return fail(`Group ${options.groupId} not found in the linked bot.`)
    return { linkTo: { bot, groupId: options.groupId ?? undefined, mergeResults: options.mergeResults === true } }
  },
}

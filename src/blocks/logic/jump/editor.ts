// The Jump block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard, CardBlock, CardContext } from '../../../contract/bot/card.js'

/** "Jump to Pizza size": the group by its title where the bot is known. */
const jumpSummary = (block: CardBlock, { groupTitle, t }: CardContext) => {
  const groupId = (block.options as { groupId?: string } | undefined)?.groupId
  if (!groupId) return t('No group chosen yet')
  return groupTitle ? t('Jump to {{group}}', { group: groupTitle(groupId) }) : t('Jump to another group')
}

export const card: BlockCard = {
  type: LogicBlockType.JUMP,
  category: 'logic',
  label: 'Jump',
  description: 'Goes to another group',
  icon: 'IconArrowForward',
  defaults: () => ({ options: {} }),
  exits: 'none',
  summary: jumpSummary,
}

// What differs between two versions of a bot, in words a builder recognises (group titles, variable names), for
// the conflict dialog. Not a full JSON diff: enough to decide which version to keep.
import { t } from '../../i18n/index.js'
import type { EditorBot } from '../types.js'

export type BotDifference = { what: string; mine: string; theirs: string }

const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]))
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

export const diffBots = (mine: EditorBot, theirs: EditorBot): BotDifference[] => {
  const out: BotDifference[] = []
  if ((mine.name ?? '') !== (theirs.name ?? '')) out.push({ what: t('Name'), mine: mine.name ?? '', theirs: theirs.name ?? '' })
  const my = byId(mine.groups)
  const their = byId(theirs.groups)
  const group = (title: string) => t('Group "{{title}}"', { title })
  const blocks = (number: number) => t('{{number}} block(s)', { number })
  for (const g of mine.groups) {
    const other = their.get(g.id)
    if (!other) out.push({ what: group(g.title), mine: blocks(g.blocks.length), theirs: t('not there') })
    else if (!same(g.blocks, other.blocks) || g.title !== other.title)
      out.push({
        what: group(g.title),
        mine: t('{{number}} block(s), changed', { number: g.blocks.length }),
        theirs: t('"{{title}}", {{number}} block(s)', { title: other.title, number: other.blocks.length }),
      })
    else if (!same(g.graphCoordinates, other.graphCoordinates)) out.push({ what: group(g.title), mine: t('moved'), theirs: t('elsewhere') })
  }
  for (const other of theirs.groups)
    if (!my.has(other.id)) out.push({ what: group(other.title), mine: t('not there'), theirs: blocks(other.blocks.length) })
  if (!same(mine.edges, theirs.edges)) out.push({ what: t('Connections'), mine: `${mine.edges.length}`, theirs: `${theirs.edges.length}` })
  if (!same(mine.variables, theirs.variables))
    out.push({ what: t('Variables'), mine: mine.variables.map((v) => v.name).join(', '), theirs: theirs.variables.map((v) => v.name).join(', ') })
  if (!same(mine.events, theirs.events)) out.push({ what: t('Events'), mine: t('changed'), theirs: t('changed') })
  // The theme template chosen counts as the theme: with it, two versions told apart by nothing here are the same draft.
  if (!same(mine.theme, theirs.theme) || (mine.selectedThemeTemplateId ?? null) !== (theirs.selectedThemeTemplateId ?? null))
    out.push({ what: t('Theme'), mine: t('changed'), theirs: t('changed') })
  if (!same(mine.settings, theirs.settings)) out.push({ what: t('Settings'), mine: t('changed'), theirs: t('changed') })
  return out
}

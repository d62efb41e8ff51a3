// What differs between two versions of a bot, in words a builder recognises (group titles, variable names), for
// the conflict dialog. Not a full JSON diff: enough to decide which version to keep.
import type { EditorBot } from '../types.js'

export type BotDifference = { what: string; mine: string; theirs: string }

const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]))
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

export const diffBots = (mine: EditorBot, theirs: EditorBot): BotDifference[] => {
  const out: BotDifference[] = []
  if ((mine.name ?? '') !== (theirs.name ?? '')) out.push({ what: 'Name', mine: mine.name ?? '', theirs: theirs.name ?? '' })
  const my = byId(mine.groups)
  const their = byId(theirs.groups)
  for (const g of mine.groups) {
    const t = their.get(g.id)
    if (!t) out.push({ what: `Group "${g.title}"`, mine: `${g.blocks.length} block(s)`, theirs: 'not there' })
    else if (!same(g.blocks, t.blocks) || g.title !== t.title)
      out.push({ what: `Group "${g.title}"`, mine: `${g.blocks.length} block(s), changed`, theirs: `"${t.title}", ${t.blocks.length} block(s)` })
    else if (!same(g.graphCoordinates, t.graphCoordinates)) out.push({ what: `Group "${g.title}"`, mine: 'moved', theirs: 'elsewhere' })
  }
  for (const t of theirs.groups) if (!my.has(t.id)) out.push({ what: `Group "${t.title}"`, mine: 'not there', theirs: `${t.blocks.length} block(s)` })
  if (!same(mine.edges, theirs.edges)) out.push({ what: 'Connections', mine: `${mine.edges.length}`, theirs: `${theirs.edges.length}` })
  if (!same(mine.variables, theirs.variables))
    out.push({ what: 'Variables', mine: mine.variables.map((v) => v.name).join(', '), theirs: theirs.variables.map((v) => v.name).join(', ') })
  if (!same(mine.events, theirs.events)) out.push({ what: 'Events', mine: 'changed', theirs: 'changed' })
  if (!same(mine.theme, theirs.theme)) out.push({ what: 'Theme', mine: 'changed', theirs: 'changed' })
  if (!same(mine.settings, theirs.settings)) out.push({ what: 'Settings', mine: 'changed', theirs: 'changed' })
  return out
}

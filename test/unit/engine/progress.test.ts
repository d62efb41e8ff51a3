import assert from 'node:assert/strict'
import { kinds } from '../../../src/blocks/index.js'
import type { Block } from '../../../src/contract/bot/blocks/index.js'
import { test } from 'node:test'
import fc from 'fast-check'
import { buildProgressIndex, computeProgress, longestPathInQueue } from '../../../src/engine/progress.js'
import type { GroupV6 } from '../../../src/contract/bot/bot.js'
import { isInputBlock, prepareBot } from '../../../src/blocks/schemas.js'
import type { Edge } from '../../../src/contract/bot/common.js'
import { fixtureTests, loadFixture } from '../../support/fixtures.js'

const isInput = (block: Block) => kinds.get(block.type)?.category === 'input'

type TestItem = { id: string; outgoingEdgeId?: string; [key: string]: unknown }
type TestBlock = { id: string; type: string; outgoingEdgeId?: string; items?: TestItem[]; [key: string]: unknown }
type TestBot = { groups: GroupV6[]; edges: Edge[] }

const group = (id: string, ...blocks: TestBlock[]) => ({ id, title: id, graphCoordinates: { x: 0, y: 0 }, blocks }) as GroupV6
const input = (id: string, outgoingEdgeId?: string): TestBlock => ({ id, type: 'text input', outgoingEdgeId })
const bubble = (id: string, outgoingEdgeId?: string): TestBlock => ({ id, type: 'text', outgoingEdgeId })
const choice = (id: string, ...itemEdges: (string | undefined)[]): TestBlock => ({
  id,
  type: 'choice input',
  items: itemEdges.map((outgoingEdgeId, i) => ({ id: `${id}-item${i}`, outgoingEdgeId })),
})
const edge = (id: string, groupId: string, blockId?: string): Edge => ({
  id,
  from: { blockId: 'x' },
  to: blockId ? { groupId, blockId } : { groupId },
})
const bot = (groups: GroupV6[], edges: Edge[] = []): TestBot => ({ groups, edges })

test('progress: Typebot formula, unrounded; no path gives 0', () => {
  assert.equal(computeProgress({ totalAnswers: 0, longestPath: 3 }), 25)
  assert.equal(computeProgress({ totalAnswers: 2, longestPath: 3 }), 50)
  assert.equal(computeProgress({ totalAnswers: 0, longestPath: 2 }), (1 / 3) * 100)
  assert.equal(computeProgress({ totalAnswers: 4, longestPath: undefined }), 0)
})

test('progress: a linear bot counts the inputs left, the current one included', () => {
  const index = buildProgressIndex(
    bot([group('g1', bubble('t1'), input('a'), input('b', 'e1')), group('g2', bubble('t2'), input('c'))], [edge('e1', 'g2')]),
    isInput,
  )
  assert.equal(index.longestPathFrom('a'), 3)
  assert.equal(index.longestPathFrom('b'), 2)
  assert.equal(index.longestPathFrom('c'), 1)
  assert.equal(index.longestPathFrom('unknown'), undefined)
  assert.deepEqual(index.reachFrom('t1'), { inputs: 3, ends: 1 })
  assert.equal(index.firstBlockOf('g2'), 't2')
})

test('progress: branches add up (Typebot counts every input reachable, not the longest branch)', () => {
  const index = buildProgressIndex(
    bot(
      [group('g1', choice('q', 'e1', 'e2', undefined)), group('g2', input('x'), input('y')), group('g3', input('z'))],
      [edge('e1', 'g2'), edge('e2', 'g3')],
    ),
    isInput,
  )
  assert.equal(index.longestPathFrom('q'), 4)
  assert.deepEqual(index.reachFrom('q'), { inputs: 4, ends: 2 })
  // An edge into the middle of a group skips the blocks before it.
  const mid = buildProgressIndex(bot([group('g1', input('q', 'e1')), group('g2', input('x'), input('y'))], [edge('e1', 'g2', 'y')]), isInput)
  assert.equal(mid.longestPathFrom('q'), 2)
})

test('progress: Condition and AB test items branch, the block edge is one more branch', () => {
  const condition: TestBlock = { id: 'c', type: 'Condition', items: [{ id: 'i1', outgoingEdgeId: 'e1' }], outgoingEdgeId: 'e2' }
  const abTest: TestBlock = { id: 'ab', type: 'AB test', items: [{ id: 'a', outgoingEdgeId: 'e3' }, { id: 'b' }] }
  const index = buildProgressIndex(
    bot(
      [group('g1', input('q'), condition), group('g2', input('x')), group('g3', abTest), group('g4', input('y'))],
      [edge('e1', 'g2'), edge('e2', 'g3'), edge('e3', 'g4')],
    ),
    isInput,
  )
  assert.equal(index.longestPathFrom('q'), 3)
})

test('progress: loops terminate; a closed loop has no path', () => {
  // q → g2 → back to q: every block has an edge, nothing ends the flow.
  const closed = buildProgressIndex(
    bot([group('g1', input('q', 'e1')), group('g2', input('x', 'e2'))], [edge('e1', 'g2'), edge('e2', 'g1')]),
    isInput,
  )
  assert.equal(closed.longestPathFrom('q'), undefined)
  assert.equal(computeProgress({ totalAnswers: 1, longestPath: closed.longestPathFrom('q') }), 0)
  // A retry loop with an exit: each input is counted once.
  const retry: TestBlock = { id: 'c', type: 'Condition', items: [{ id: 'i', outgoingEdgeId: 'back' }], outgoingEdgeId: 'out' }
  const open = buildProgressIndex(
    bot([group('g1', input('q'), input('r'), retry), group('g2', input('z'))], [edge('back', 'g1', 'q'), edge('out', 'g2')]),
    isInput,
  )
  assert.equal(open.longestPathFrom('r'), 3)
  assert.equal(open.longestPathFrom('q'), 3)
  assert.equal(open.longestPathFrom('z'), 1)
})

test('progress: a dangling edge id keeps its block from ending the flow; empty groups lead nowhere', () => {
  const dangling = buildProgressIndex(bot([group('g1', input('q', 'missing'))]), isInput)
  assert.equal(dangling.longestPathFrom('q'), undefined)
  const empty = buildProgressIndex(bot([group('g1', input('q', 'e1')), group('g2')], [edge('e1', 'g2')]), isInput)
  assert.equal(empty.longestPathFrom('q'), undefined)
  assert.equal(empty.firstBlockOf('g2'), undefined)
})

test('progress: card buttons are not followed (their edges live on items[].paths)', () => {
  const cards: TestBlock = { id: 'k', type: 'cards', items: [{ id: 'card', paths: [{ id: 'p', outgoingEdgeId: 'e1' }] }] }
  const index = buildProgressIndex(bot([group('g1', cards), group('g2', input('x'))], [edge('e1', 'g2')]), isInput)
  assert.equal(index.longestPathFrom('k'), 1)
})

fixtureTests('progress on Typebot exports')('progress: the NPS template', () => {
  const prepared = prepareBot(loadFixture('templates/nps.json'))
  assert.ok(prepared.ok)
  // The template does not show a progress bar; the value is computed anyway.
  assert.notEqual(prepared.bot.theme.general?.progressBar?.isEnabled, true)
  const index = buildProgressIndex(prepared.bot, isInput)
  // Intro buttons → rating → "Why?" text → Capterra buttons; all three "Bye"/redirect groups end the flow.
  assert.equal(index.longestPathFrom('d3asw3zs2gahpxs3usun6lm5'), 4)
  assert.equal(index.longestPathFrom('bfvv74k8oz57kaqeqek3uen7'), 3)
  assert.equal(index.longestPathFrom('ro6a6dt7j3x99unduh5jm6an'), 2)
  assert.equal(index.longestPathFrom('v9pf4n5kcwon4g0yvwwc6vk3'), 1)
  assert.deepEqual(index.reachFrom('d3asw3zs2gahpxs3usun6lm5'), { inputs: 4, ends: 3 })
  assert.equal(computeProgress({ totalAnswers: 0, longestPath: index.longestPathFrom('d3asw3zs2gahpxs3usun6lm5') }), 20)
  assert.equal(computeProgress({ totalAnswers: 2, longestPath: index.longestPathFrom('ro6a6dt7j3x99unduh5jm6an') }), 60)
})

test('progress: linked bots add the parent once per flow end of the child', () => {
  // Child: q then a choice whose two buttons end in two groups (2 flow ends). Parent: resumes at r, then s.
  const child = buildProgressIndex(
    bot(
      [group('c1', input('q'), choice('b', 'e1', 'e2')), group('c2', bubble('end1')), group('c3', bubble('end2'))],
      [edge('e1', 'c2'), edge('e2', 'c3')],
    ),
    isInput,
  )
  const parent = buildProgressIndex(bot([group('p1', bubble('link'), input('r'), input('s'))]), isInput)
  assert.equal(longestPathInQueue([{ index: child }], 'q'), child.longestPathFrom('q'))
  assert.equal(longestPathInQueue([{ index: child, resumeTo: { groupId: 'p1', blockId: 'r' } }, { index: parent }], 'q'), 2 + 2 * 2)
  // No resume edge (the link ended its group): Typebot finds no path at all.
  assert.equal(longestPathInQueue([{ index: child }, { index: parent }], 'q'), undefined)
  // A resume edge without blockId is resolved in the child's groups: not found, the parent adds nothing.
  assert.equal(longestPathInQueue([{ index: child, resumeTo: { groupId: 'p1' } }, { index: parent }], 'q'), 2)
  // Same bot linked to itself: the group is found and the parent is walked from its first block.
  assert.equal(longestPathInQueue([{ index: parent, resumeTo: { groupId: 'p1' } }, { index: parent }], 'r'), 2 + 2)
})

test('progress: three levels multiply, a missing grandparent resume stops the count', () => {
  const child = buildProgressIndex(bot([group('c1', input('q'))]), isInput)
  const parent = buildProgressIndex(
    bot(
      [group('p1', input('r'), choice('b', 'e1', 'e2')), group('p2', bubble('end1')), group('p3', bubble('end2'))],
      [edge('e1', 'p2'), edge('e2', 'p3')],
    ),
    isInput,
  )
  const grandparent = buildProgressIndex(bot([group('g1', input('s'), input('t'))]), isInput)
  const levels = [
    { index: child, resumeTo: { groupId: 'p1', blockId: 'r' } },
    { index: parent, resumeTo: { groupId: 'g1', blockId: 's' } },
    { index: grandparent },
  ]
  assert.equal(longestPathInQueue(levels, 'q'), 1 + 1 * (2 + 2 * 2))
  assert.equal(longestPathInQueue([levels[0], { index: parent }, levels[2]], 'q'), 1 + 2)
})

// An independent, literal re-walk of Typebot's algorithm (depth-first, one visited set per bot level, one shared
// path array; a path is recorded at each flow end) to check the precomputed values on random graphs.
type Level = { bot: TestBot; resumeEdgeId?: string }
const walkLikeTypebot = (levels: Level[], start: string): number | undefined => {
  const path: string[] = []
  let recorded = 0
  const visit = (level: number, blockId: string, seen: Set<string>): void => {
    if (seen.has(blockId)) return
    seen.add(blockId)
    const { bot: current } = levels[level]
    const owner = current.groups.find((g) => g.blocks.some((b) => b.id === blockId))
    if (!owner) return
    const position = owner.blocks.findIndex((b) => b.id === blockId)
    const block = owner.blocks[position] as TestBlock
    if (isInputBlock(block)) path.push(block.id)
    const edgeIds = (block.items ?? []).flatMap((item) => (item.outgoingEdgeId != null ? [item.outgoingEdgeId] : []))
    if (block.outgoingEdgeId) edgeIds.push(block.outgoingEdgeId)
    for (const id of edgeIds) {
      const to = current.edges.find((e) => e.id === id)?.to
      const target = to && (to.blockId ?? current.groups.find((g) => g.id === to.groupId)?.blocks[0]?.id)
      if (target) visit(level, target, seen)
    }
    for (const next of owner.blocks.slice(position + 1)) visit(level, next.id, seen)
    if (edgeIds.length > 0 || position < owner.blocks.length - 1) return
    const parent = levels[level + 1]
    if (parent) {
      const to = parent.bot.edges.find((e) => e.id === levels[level].resumeEdgeId)?.to
      if (!to) return
      const target = to.blockId ?? current.groups.find((g) => g.id === to.groupId)?.blocks[0]?.id
      if (target) visit(level + 1, target, new Set())
    }
    recorded++
  }
  visit(0, start, new Set())
  return recorded > 0 ? path.length : undefined
}

const randomBot = (prefix: string, groupIds: string[]) =>
  fc
    .tuple(
      fc.array(
        fc.array(
          fc.record({
            kind: fc.constantFrom('text', 'text input', 'choice input', 'Condition'),
            edge: fc.option(fc.nat(6), { nil: undefined }),
            items: fc.array(fc.option(fc.nat(6), { nil: undefined }), { maxLength: 3 }),
          }),
          { maxLength: 4 },
        ),
        { minLength: 1, maxLength: groupIds.length },
      ),
      fc.array(fc.record({ group: fc.nat(groupIds.length - 1), block: fc.option(fc.nat(3), { nil: undefined }) }), { minLength: 4, maxLength: 8 }),
    )
    .map(([groups, targets]): TestBot => {
      const built = groups.map((blocks, g) =>
        group(
          groupIds[g],
          ...blocks.map(
            ({ kind, edge: e, items }, b): TestBlock => ({
              id: `${prefix}${g}.${b}`,
              type: kind,
              outgoingEdgeId: e === undefined ? undefined : `${prefix}e${e}`,
              ...(kind === 'choice input' || kind === 'Condition'
                ? { items: items.map((i, n) => ({ id: `${prefix}${g}.${b}.${n}`, outgoingEdgeId: i === undefined ? undefined : `${prefix}e${i}` })) }
                : {}),
            }),
          ),
        ),
      )
      const edges = targets.flatMap(({ group: g, block }, n) => {
        const target = built[g]
        if (!target) return []
        const blockId = block === undefined ? undefined : target.blocks[block]?.id
        return [edge(`${prefix}e${n}`, target.id, blockId)]
      })
      return bot(built, edges)
    })

test('progress: precomputed values equal a literal walk on random graphs, loops and linked bots included', () => {
  const groupIds = ['g0', 'g1', 'g2', 'g3']
  fc.assert(
    fc.property(
      randomBot('c', groupIds),
      randomBot('p', groupIds),
      fc.option(fc.record({ group: fc.nat(3), block: fc.option(fc.nat(3), { nil: undefined }) }), { nil: undefined }),
      (child, parent, resume) => {
        const childIndex = buildProgressIndex(child, isInput)
        const parentIndex = buildProgressIndex(parent, isInput)
        const resumeTarget = resume && parent.groups[resume.group]
        const resumeEdge =
          resumeTarget && edge('resume', resumeTarget.id, resume.block === undefined ? undefined : resumeTarget.blocks[resume.block]?.id)
        const parentWithResume = bot(parent.groups, resumeEdge ? [...parent.edges, resumeEdge] : parent.edges)
        // The same bot linked to itself resumes inside its own groups.
        const selfTarget = resume && child.groups[resume.group]
        const selfEdge = selfTarget && edge('resume', selfTarget.id, resume.block === undefined ? undefined : selfTarget.blocks[resume.block]?.id)
        const selfWithResume = bot(child.groups, selfEdge ? [...child.edges, selfEdge] : child.edges)
        for (const { blocks } of child.groups) {
          for (const { id } of blocks) {
            assert.equal(childIndex.longestPathFrom(id), walkLikeTypebot([{ bot: child }], id), id)
            assert.equal(
              longestPathInQueue([{ index: childIndex, resumeTo: resumeEdge?.to }, { index: parentIndex }], id),
              walkLikeTypebot([{ bot: child, resumeEdgeId: 'resume' }, { bot: parentWithResume }], id),
              `${id} (linked)`,
            )
            assert.equal(
              longestPathInQueue([{ index: childIndex, resumeTo: selfEdge?.to }, { index: childIndex }], id),
              walkLikeTypebot([{ bot: child, resumeEdgeId: 'resume' }, { bot: selfWithResume }], id),
              `${id} (self-linked)`,
            )
          }
        }
      },
    ),
    { numRuns: 300 },
  )
})

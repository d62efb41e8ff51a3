// The bots the benchmarks run, as Typebot v6 exports.
const at = { x: 0, y: 0 }

const text = (id: string, value: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: value }] }] } })

/**
 * The turn benchmark's bot: a text bubble showing a variable, a text input saving into it, and a Jump back to the
 * bubble. Every continueChat stores an answer, updates the result's variables and the session, and answers with
 * one bubble and the input.
 */
export const loopBot = () => ({
  version: '6',
  name: 'Bench loop',
  groups: [
    {
      id: 'g-welcome',
      title: 'Welcome',
      graphCoordinates: at,
      blocks: [{ ...text('b-welcome', 'Hello! I will repeat what you say.'), outgoingEdgeId: 'e-ask' }],
    },
    {
      id: 'g-ask',
      title: 'Ask',
      graphCoordinates: at,
      blocks: [
        text('b-echo', 'You said: {{Answer}}. Tell me more?'),
        {
          id: 'b-input',
          type: 'text input',
          options: { variableId: 'v-answer', labels: { placeholder: 'Type your answer…', button: 'Send' } },
          outgoingEdgeId: 'e-loop',
        },
      ],
    },
    { id: 'g-loop', title: 'Loop', graphCoordinates: at, blocks: [{ id: 'b-jump', type: 'Jump', options: { groupId: 'g-ask' } }] },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: at, outgoingEdgeId: 'e-start' }],
  edges: [
    { id: 'e-start', from: { eventId: 'start' }, to: { groupId: 'g-welcome' } },
    { id: 'e-ask', from: { blockId: 'b-welcome' }, to: { groupId: 'g-ask' } },
    { id: 'e-loop', from: { blockId: 'b-input' }, to: { groupId: 'g-loop' } },
  ],
  variables: [{ id: 'v-answer', name: 'Answer' }],
  theme: {},
  settings: {},
})

/**
 * The engine benchmark's bot: an input, then `groups` groups of simple logic (two Set variable blocks that need no
 * sandbox and one Condition whose both branches lead to the next group), then back to the input. One reply runs
 * `3 * groups` logic blocks.
 */
export const logicChainBot = (groups: number) => {
  const gs: any[] = [
    {
      id: 'g-in',
      title: 'Input',
      graphCoordinates: at,
      blocks: [{ id: 'b-in', type: 'text input', options: { variableId: 'v-a' }, outgoingEdgeId: 'e-in' }],
    },
  ]
  const edges: any[] = [
    { id: 'e-start', from: { eventId: 'start' }, to: { groupId: 'g-in' } },
    { id: 'e-in', from: { blockId: 'b-in' }, to: { groupId: 'g-0' } },
  ]
  for (let i = 0; i < groups; i++) {
    const next = i + 1 < groups ? `g-${i + 1}` : 'g-in'
    gs.push({
      id: `g-${i}`,
      title: `Logic ${i}`,
      graphCoordinates: at,
      blocks: [
        { id: `s1-${i}`, type: 'Set variable', options: { variableId: 'v-b', type: 'Custom', expressionToEvaluate: '{{A}}' } },
        { id: `s2-${i}`, type: 'Set variable', options: { variableId: 'v-c', type: 'Environment name' } },
        {
          id: `c-${i}`,
          type: 'Condition',
          items: [
            {
              id: `ci-${i}`,
              outgoingEdgeId: `ec-${i}`,
              content: {
                logicalOperator: 'AND',
                comparisons: [{ id: `cmp-${i}`, variableId: 'v-b', comparisonOperator: 'Contains', value: 'stop' }],
              },
            },
          ],
          outgoingEdgeId: `ee-${i}`,
        },
      ],
    })
    edges.push({ id: `ec-${i}`, from: { blockId: `c-${i}`, itemId: `ci-${i}` }, to: { groupId: next } })
    edges.push({ id: `ee-${i}`, from: { blockId: `c-${i}` }, to: { groupId: next } })
  }
  return {
    version: '6',
    name: 'Bench logic chain',
    groups: gs,
    events: [{ id: 'start', type: 'start', graphCoordinates: at, outgoingEdgeId: 'e-start' }],
    edges,
    variables: [
      { id: 'v-a', name: 'A' },
      { id: 'v-b', name: 'B' },
      { id: 'v-c', name: 'C' },
      { id: 'v-d', name: 'D', value: 'constant' },
    ],
    theme: {},
    settings: {},
  }
}

/**
 * The noisy-neighbour benchmark's hostile bots (as in test/integration/fault/hostile.test.ts), each one turn of
 * runaway work that ends within the server's budgets: a text bubble with ten runaway inline codes, a Condition with
 * forty catastrophic regex comparisons on the prefilled `Subject` (see `regexBombSubject`), a Set variable running
 * `while (true) {}`.
 */
export const hostileBots = () => {
  const bot = (name: string, blocks: unknown[]) => ({
    version: '6',
    name,
    groups: [{ id: 'g', title: 'Hostile', graphCoordinates: at, blocks: [...blocks, text('b-after', 'after')] }],
    events: [{ id: 'start', type: 'start', graphCoordinates: at, outgoingEdgeId: 'e-start' }],
    edges: [{ id: 'e-start', from: { eventId: 'start' }, to: { groupId: 'g' } }],
    variables: [
      { id: 'v-subject', name: 'Subject' },
      { id: 'v-x', name: 'X' },
    ],
    theme: {},
    settings: {},
  })
  const runaway = Array.from({ length: 10 }, (_, i) => `{{= (() => { for (;;) {} })() + ${i} =}}`).join(' ')
  const comparisons = Array.from({ length: 40 }, (_, i) => ({
    id: `c${i}`,
    variableId: 'v-subject',
    comparisonOperator: 'Matches regex',
    // A backreference: RE2 cannot run it, so it goes to the worker's backtracking engine (others answer at once).
    value: '^(a+)+\\1b',
  }))
  return {
    codes: bot('Hostile inline codes', [text('b-codes', runaway)]),
    regexes: bot('Hostile regexes', [{ id: 'b-cond', type: 'Condition', items: [{ id: 'i', content: { logicalOperator: 'OR', comparisons } }] }]),
    setCode: bot('Hostile Set variable', [
      {
        id: 'b-set',
        type: 'Set variable',
        options: { variableId: 'v-x', type: 'Custom', isCode: true, expressionToEvaluate: 'while (true) {} return 1' },
      },
    ]),
  }
}

/** 48 a's then a non-match: `^(a+)+\1b` backtracks exponentially on it. */
export const regexBombSubject = `${'a'.repeat(48)}!`

/**
 * The web chat benchmark's bot: a welcome bubble (the text the page watches for) and a text input. Typing emulation
 * is off, so the figure is the clients' own loading and rendering, not a delay the bot asks for.
 */
export const WELCOME_TEXT = 'Welcome to the web chat benchmark!'
export const greetingBot = () => ({
  version: '6',
  name: 'Bench web chat',
  groups: [
    {
      id: 'g-welcome',
      title: 'Welcome',
      graphCoordinates: at,
      blocks: [text('b-welcome', WELCOME_TEXT), { id: 'b-input', type: 'text input', options: { variableId: 'v-name' } }],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: at, outgoingEdgeId: 'e-start' }],
  edges: [{ id: 'e-start', from: { eventId: 'start' }, to: { groupId: 'g-welcome' } }],
  variables: [{ id: 'v-name', name: 'Name' }],
  theme: {},
  settings: { typingEmulation: { enabled: false } },
})

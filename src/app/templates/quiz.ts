// Template: a three-question quiz; right answers add to a Score variable, and conditions pick the closing words.
import { botDoc, buttons, condition, edge, group, type Part, say, setVariable, start, when } from './parts.js'
import type { Template } from './types.js'

const questions = [
  { key: 'q1', text: 'Which planet is closest to the Sun?', right: 'Mercury', wrong: ['Venus', 'Mars'] },
  { key: 'q2', text: 'How many legs does a spider have?', right: 'Eight', wrong: ['Six', 'Ten'] },
  { key: 'q3', text: 'Which gas do plants take in to make their food?', right: 'Carbon dioxide', wrong: ['Oxygen', 'Nitrogen'] },
]

/** Where the quiz goes after question `i`: the next question, or the result. */
const after = (i: number) => (i + 1 < questions.length ? `qz-${questions[i + 1].key}` : 'qz-result')

const questionGroups = questions.flatMap((q, i): Part[] => [
  group(`qz-${q.key}`, `Question ${i + 1}`, 300 + i * 800, 0, [
    say(`qz-${q.key}-ask`, `Question ${i + 1} of ${questions.length}: ${q.text}`),
    buttons(
      `qz-${q.key}-answer`,
      undefined,
      [[`qz-${q.key}-right`, q.right, `qz-e-${q.key}-right`], ...q.wrong.map((w, j): [string, string] => [`qz-${q.key}-wrong-${j}`, w])],
      `qz-e-${q.key}-wrong`,
    ),
  ]),
  group(`qz-${q.key}-ok`, `Question ${i + 1}: right`, 700 + i * 800, -150, [
    setVariable(`qz-${q.key}-add`, 'qzScore', '{{Score}} + 1'),
    say(`qz-${q.key}-yes`, 'Right!', `qz-e-${q.key}-next-ok`),
  ]),
  group(`qz-${q.key}-ko`, `Question ${i + 1}: wrong`, 700 + i * 800, 150, [
    say(`qz-${q.key}-no`, `Not quite: the answer was ${q.right}.`, `qz-e-${q.key}-next-ko`),
  ]),
])

const groups: Part[] = [
  group('qz-intro', 'Welcome', 0, 200, [
    say('qz-hello', `Ready for a quick quiz? ${questions.length} questions, one point for each right answer.`),
    setVariable('qz-reset', 'qzScore', '0'),
    buttons('qz-go', undefined, [['qz-go-item', "Let's go"]], 'qz-e-go'),
  ]),
  ...questionGroups,
  group('qz-result', 'Result', 300 + questions.length * 800, 0, [
    say('qz-total', `You scored {{Score}} out of ${questions.length}.`),
    condition('qz-grade', [when('qz-top', 'qzScore', 'Equal to', String(questions.length), 'qz-e-top')], 'qz-e-more'),
  ]),
  group('qz-perfect', 'Perfect score', 700 + questions.length * 800, -150, [say('qz-bravo', 'A perfect score. Well done!')]),
  group('qz-again', 'Keep practising', 700 + questions.length * 800, 150, [say('qz-practice', 'Good effort! Try again to beat your score.')]),
]

export const quiz: Template = {
  slug: 'quiz',
  category: 'education',
  name: 'Quiz',
  description: 'Three questions with buttons; right answers add to a score, and the closing message depends on it.',
  bot: botDoc('Quiz', {
    events: [start('qz-start', 'qz-e-start')],
    groups,
    edges: [
      edge('qz-e-start', { eventId: 'qz-start' }, 'qz-intro'),
      edge('qz-e-go', { blockId: 'qz-go' }, `qz-${questions[0].key}`),
      ...questions.flatMap((q, i) => [
        edge(`qz-e-${q.key}-right`, { blockId: `qz-${q.key}-answer`, itemId: `qz-${q.key}-right` }, `qz-${q.key}-ok`),
        edge(`qz-e-${q.key}-wrong`, { blockId: `qz-${q.key}-answer` }, `qz-${q.key}-ko`),
        edge(`qz-e-${q.key}-next-ok`, { blockId: `qz-${q.key}-yes` }, after(i)),
        edge(`qz-e-${q.key}-next-ko`, { blockId: `qz-${q.key}-no` }, after(i)),
      ]),
      edge('qz-e-top', { blockId: 'qz-grade', itemId: 'qz-top' }, 'qz-perfect'),
      edge('qz-e-more', { blockId: 'qz-grade' }, 'qz-again'),
    ],
    variables: [{ id: 'qzScore', name: 'Score' }],
  }),
}

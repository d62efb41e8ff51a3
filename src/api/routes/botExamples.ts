// One small bot and its chat, as the server really answers them: the values the API docs show in the examples of
// the bot, chat and result operations (each example is checked against its route's schemas in the tests).
import type { BotRecord } from '../../contract/bot/record.js'

export const exampleIds = {
  workspaceId: 'g0o0sf5n47mc5xz1z6xhwi12o',
  botId: 'd8v81uuekl81pachuybpqnllv',
  publicId: 'coffee-order',
  folderId: 'q3m8d0xw2kz5c7v1b9n4t6yha',
  resultId: 'jno3qvlxvz0nrsxo6wlca3f02',
  /** What startChat answers as `resultId`: the result's client key, not its id. */
  resultKey: 'sOCbPo2A4ITvyBIhmp-8wyjiOCGdTuZ_',
  sessionId: 'e6ARuc8xWbdF-8hClp6ZPgDvZxqRJiHb',
  askNameBlockId: 'k436kjzouto27cv6potump7nv',
  welcomeGroupId: 'skv91kb2710x4423ox9jt5gt0',
  nameVariableId: 'rt9l1izqhz1f9n0gew3aax7n4',
}
const { botId, workspaceId, askNameBlockId, welcomeGroupId, nameVariableId } = exampleIds

const paragraph = (text: string) => ({ richText: [{ type: 'p', children: [{ text }] }] })
const question = 'Hi! I take orders for Fernhill Coffee. What is your name?'
const askName = {
  id: askNameBlockId,
  type: 'text input',
  outgoingEdgeId: 'h5g2rxnvov84gdf5sjbstxb1k',
  options: { variableId: nameVariableId, labels: { placeholder: 'Your first name' } },
}

/** The bot's graph in Typebot's v6 format: a question, then a thank-you that uses the answer. */
export const exampleGraph = {
  version: '6' as const,
  events: [{ id: 'b1i77txrksxozve0gcjloopvn', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'fkfn38qlctwhyhfbs60p2mh1p' }],
  groups: [
    {
      id: welcomeGroupId,
      title: 'Welcome',
      graphCoordinates: { x: 300, y: 0 },
      blocks: [{ id: 'i0lcw51aj3xo3u3oekjg84a36', type: 'text', content: paragraph(question) }, askName],
    },
    {
      id: 'n2ks3z6c8og3i3g1j546yduyr',
      title: 'Thanks',
      graphCoordinates: { x: 650, y: 0 },
      blocks: [
        { id: 'keggy2afqjzh2ngs3k3o10z9v', type: 'text', content: paragraph('Thanks, {{Name}}! Your flat white will be ready in 5 minutes.') },
      ],
    },
  ],
  edges: [
    { id: 'fkfn38qlctwhyhfbs60p2mh1p', from: { eventId: 'b1i77txrksxozve0gcjloopvn' }, to: { groupId: welcomeGroupId } },
    { id: 'h5g2rxnvov84gdf5sjbstxb1k', from: { blockId: askNameBlockId }, to: { groupId: 'n2ks3z6c8og3i3g1j546yduyr' } },
  ],
  variables: [{ id: nameVariableId, name: 'Name' }],
  theme: {},
  settings: {},
}

/** The Bot resource of that graph, as the management API answers it. */
export const exampleBot = {
  ...exampleGraph,
  id: botId,
  name: 'Coffee order',
  selectedThemeTemplateId: null,
  createdAt: '2026-03-02T09:14:05.038Z',
  updatedAt: '2026-03-02T09:14:05.038Z',
  icon: null,
  folderId: null,
  publicId: exampleIds.publicId,
  customDomain: null,
  workspaceId,
  resultsTablePreferences: null,
  isArchived: false,
  isClosed: false,
  whatsAppCredentialsId: null,
  telegramCredentialsId: null,
  riskLevel: null,
} satisfies BotRecord

/** Its published version. */
export const examplePublishedBot = {
  id: 'tre3ofvjswtglr2k0yjmj0756',
  version: '6',
  createdAt: '2026-03-02T09:20:41.232Z',
  updatedAt: '2026-03-02T09:20:41.232Z',
  botId,
  groups: exampleGraph.groups,
  events: exampleGraph.events,
  edges: exampleGraph.edges,
  variables: exampleGraph.variables,
  theme: {},
  settings: {},
  lastActivityAt: null,
}

/** The first turn of a chat: the question bubble and the input waiting for the answer. */
export const exampleFirstTurn = {
  messages: [{ id: 'i0lcw51aj3xo3u3oekjg84a36', type: 'text', content: { type: 'richText', ...paragraph(question) } }],
  input: askName,
}

/** What a preview start answers: its session, the bot's look, the first turn (no result: previews store none). */
export const examplePreviewStart = {
  sessionId: '2UVlTVlrCxDUcqG0_-Ydg32OUMAYIqqe',
  bot: { id: exampleIds.botId, version: '3', theme: {}, settings: { general: {}, typingEmulation: {} } },
  ...exampleFirstTurn,
}

/** The turn after the visitor answered "Ada": the last bubble, and no input (the chat has ended). */
export const exampleLastTurn = {
  messages: [
    {
      id: 'keggy2afqjzh2ngs3k3o10z9v',
      type: 'text',
      content: {
        type: 'richText',
        richText: [{ type: 'p', children: [{ text: 'Thanks, ' }, { text: 'Ada' }, { text: '! Your flat white will be ready in 5 minutes.' }] }],
      },
    },
  ],
}

export const exampleQuestion = question

/** Its published version, as the version history lists it. */
export const exampleVersion = {
  id: examplePublishedBot.id,
  botId,
  number: 1,
  publishedAt: examplePublishedBot.updatedAt,
  publishedBy: { id: 'u8ttqbz1oy4jv3kk2e6xm0d9h', name: 'Ada Lovelace', email: 'ada@example.com' },
  note: 'First version',
  size: 2184,
  isLive: true,
}

/** What changed since then: the question reworded in the draft. */
export const exampleVersionDiff = {
  groups: { added: [], removed: [], changed: [] },
  blocks: {
    added: [],
    removed: [],
    changed: [
      {
        id: 'i0lcw51aj3xo3u3oekjg84a36',
        type: 'text',
        groupId: exampleIds.welcomeGroupId,
        group: 'Welcome',
        label: 'Hi! What should we call you?',
        changes: [{ path: 'content.richText', from: question, to: 'Hi! What should we call you?' }],
      },
    ],
  },
  edges: { added: [], removed: [], changed: [] },
  variables: { added: [], removed: [], changed: [] },
  events: { added: [], removed: [], changed: [] },
  theme: [],
  settings: [],
  summary: { added: 0, removed: 0, changed: 1 },
}

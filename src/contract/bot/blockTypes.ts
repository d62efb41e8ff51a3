// The `type` literals of the block kinds of the bot format, by category. They stay in contract/ (the schemas of the
// kinds live in src/blocks/<category>/<kind>/schema.ts) because the migrations and other contract code name them.
export const BubbleBlockType = {
  TEXT: 'text',
  IMAGE: 'image',
  VIDEO: 'video',
  EMBED: 'embed',
  AUDIO: 'audio',
} as const
export type BubbleBlockType = (typeof BubbleBlockType)[keyof typeof BubbleBlockType]

export const InputBlockType = {
  TEXT: 'text input',
  NUMBER: 'number input',
  EMAIL: 'email input',
  URL: 'url input',
  DATE: 'date input',
  TIME: 'time input',
  PHONE: 'phone number input',
  CHOICE: 'choice input',
  PICTURE_CHOICE: 'picture choice input',
  PAYMENT: 'payment input',
  RATING: 'rating input',
  FILE: 'file input',
  CARDS: 'cards',
} as const
export type InputBlockType = (typeof InputBlockType)[keyof typeof InputBlockType]

/** What reply and invalid-reply events save as the input's type (`inputTypeVariableId`), as Typebot names them. */
export const replyEventInputType: Readonly<Record<string, string>> = {
  [InputBlockType.TEXT]: 'text',
  [InputBlockType.NUMBER]: 'number',
  [InputBlockType.EMAIL]: 'email',
  [InputBlockType.URL]: 'url',
  [InputBlockType.DATE]: 'date',
  [InputBlockType.TIME]: 'time',
  [InputBlockType.PHONE]: 'phone',
  [InputBlockType.CHOICE]: 'buttons',
  [InputBlockType.PICTURE_CHOICE]: 'picture choice',
  [InputBlockType.PAYMENT]: 'payment',
  [InputBlockType.RATING]: 'rating',
  [InputBlockType.FILE]: 'file',
  [InputBlockType.CARDS]: 'cards',
}

export const LogicBlockType = {
  SET_VARIABLE: 'Set variable',
  CONDITION: 'Condition',
  REDIRECT: 'Redirect',
  SCRIPT: 'Code',
  TYPEBOT_LINK: 'Typebot link',
  WAIT: 'Wait',
  AB_TEST: 'AB test',
  WEBHOOK: 'webhook',
  JUMP: 'Jump',
  RETURN: 'Return',
} as const
export type LogicBlockType = (typeof LogicBlockType)[keyof typeof LogicBlockType]

/** Built-in integrations only: forged (plugin) blocks such as `openai` or `mistral` have no literal here. */
export const IntegrationBlockType = {
  GOOGLE_SHEETS: 'Google Sheets',
  OPEN_AI: 'OpenAI',
  GOOGLE_ANALYTICS: 'Google Analytics',
  HTTP_REQUEST: 'Webhook',
  EMAIL: 'Email',
  ZAPIER: 'Zapier',
  MAKE_COM: 'Make.com',
  PABBLY_CONNECT: 'Pabbly',
  CHATWOOT: 'Chatwoot',
  PIXEL: 'Pixel',
} as const
export type IntegrationBlockType = (typeof IntegrationBlockType)[keyof typeof IntegrationBlockType]

/** Google Sheets actions: the v5 → v6 migration rewrites the options of the row-reading ones. */
export const GoogleSheetsAction = {
  GET: 'Get data from sheet',
  INSERT_ROW: 'Insert a row',
  UPDATE_ROW: 'Update a row',
} as const

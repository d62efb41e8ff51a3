// The tags that group the API's operations in the OpenAPI document (and its docs page), in the order shown: a route
// may only name one of these (RouteDef.tags), so every operation's tag is declared with a description.
export const apiTags = {
  Service: 'Whether the server is up, and what a reverse proxy asks it (on-demand TLS).',
  'Sign-in': 'Accounts and browser sessions: first setup, sign-up, sign-in by password, emailed link or OpenID Connect.',
  Account: 'The signed-in user: profile, password, language and API tokens.',
  Workspaces: 'Workspaces and their members, with their roles.',
  Invitations: 'Invitations to join a workspace, sent by email and answered through their link.',
  Credentials: 'Secrets of a workspace (API keys, SMTP logins…) that its bots’ blocks use; never answered back.',
  Folders: 'Folders that sort a workspace’s bots.',
  'Theme templates': 'Themes to apply to bots: the built-in gallery and a workspace’s own.',
  Bots: 'Bots (Typebot v6 documents): create, import, edit, check, publish, close, export.',
  Templates: 'The gallery of bots to start from.',
  Versions: 'Published versions of a bot: list, compare, restore, preview.',
  Results: 'What people answered: each chat’s result with its answers, variables and logs; tables and exports.',
  Analytics: 'Views, starts, completions and drop-off of a bot.',
  Webhooks: 'Result events sent to URLs you subscribe, signed, with their delivery log.',
  Chat: 'Running chats: start one on a published bot or a preview, then send each answer until the bot ends.',
  Files: 'Files visitors send in a chat: upload URLs, uploads and downloads (served on the user content’s address).',
  'Typebot-compatible chat':
    'Typebot’s chat API on its own paths and answer shapes, for its embed client (@typebot.io/js) and integrations written for Typebot.',
  Channels: 'Messaging channels (WhatsApp, Telegram): their webhooks, called by Meta and Telegram, and their setup.',
} as const

export type ApiTag = keyof typeof apiTags

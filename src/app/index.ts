// The application layer: the rules of Parley, independent of HTTP. Each module is a factory taking only the store
// parts it needs; its functions take the caller and plain inputs and return plain records (views). Failures are
// AppErrors (app/errors.ts). Built once per process (src/server.ts) and handed to the API.
import type { KindRegistry } from '../engine/kinds.js'
import type { Runtime } from '../engine/types.js'
import type { Store } from '../store/index.js'
import { createAccess } from './access.js'
import { createAccounts } from './accounts.js'
import { createBots } from './bots.js'
import { type ChatLimits, createChats } from './chats.js'
import { createClientLogs } from './clientLogs.js'
import { createCredentials } from './credentials.js'
import type { FilesApp } from './files.js'
import { createHostedPages } from './hostedPages.js'
import { createResults } from './results.js'
import { createResultsTable } from './resultsTable.js'
import type { SystemMail } from './systemMail.js'
import { createWebhookRooms } from './webhookRooms.js'
import { createWorkspaces } from './workspaces.js'

export const createApp = ({
  store,
  runtime,
  limits,
  kinds,
  files,
  mail,
  publicUrl,
}: {
  store: Store
  runtime: Runtime
  limits: ChatLimits
  kinds: KindRegistry
  files: FilesApp
  /** Emails to people (invitations, sign-in links); `configured` is false without the server's SMTP settings. */
  mail: SystemMail
  /** The address people reach this server at, for links in emails and share panels. */
  publicUrl: () => string
}) => {
  const access = createAccess(store)
  const chats = createChats({ store, runtime, limits, access, kinds, files })
  return {
    accounts: createAccounts({ store }),
    workspaces: createWorkspaces({ store, access }),
    credentials: createCredentials({ store, access }),
    bots: createBots({ store, access, files }),
    results: createResults({ store, access, files }),
    resultsTable: createResultsTable({ store, access, files, categoryOf: (type) => kinds.get(type)?.category }),
    chats,
    webhookRooms: createWebhookRooms({ store, chats }),
    clientLogs: createClientLogs({ store }),
    hostedPages: createHostedPages({ store }),
    files,
    mail,
    publicUrl,
    /** Whether the database answers (for /health). */
    databaseUp: () => store.ping(),
  }
}

export type App = ReturnType<typeof createApp>
/** The signed-in caller, as the API layer sees it (api/ does not import the store). */
export type { User } from '../store/accounts.js'

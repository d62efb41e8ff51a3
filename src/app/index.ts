// The application layer: the rules of Parley, independent of HTTP. Each module is a factory taking only the store
// parts it needs; its functions take the caller and plain inputs and return plain records (views). Failures are
// AppErrors (app/errors.ts). Built once per process (src/server.ts) and handed to the API.
import type { KindRegistry } from '../engine/kinds.js'
import type { Runtime } from '../engine/types.js'
import type { Store } from '../store/index.js'
import { createAccess } from './access.js'
import { createAccounts } from './accounts.js'
import { createBots } from './bots.js'
import { createBotVersions } from './botVersions.js'
import { type ChatLimits, createChats } from './chats.js'
import { createClientLogs } from './clientLogs.js'
import { createConversations } from './conversations.js'
import { type CredentialChecks, createCredentials } from './credentials.js'
import { type CustomDomainSettings, createCustomDomains } from './customDomains.js'
import { createFolders } from './folders.js'
import { createThemeTemplates } from './themeTemplates.js'
import type { FilesApp } from './files.js'
import { createHostedPages } from './hostedPages.js'
import { createInvitations } from './invitations.js'
import { createOidcClient, type OidcSettings } from './oidc.js'
import { createPreviewTokens } from './previewTokens.js'
import { createResults } from './results.js'
import { createResultsTable } from './resultsTable.js'
import { createPasswordAttempts, createSignIn, type SignInSettings } from './signIn.js'
import { createTemplates } from './templates/index.js'
import type { SystemMail } from './systemMail.js'
import { createWebhookRooms } from './webhookRooms.js'
import { createWebhooks } from './webhooks.js'
import { createWorkspaces } from './workspaces.js'

export const createApp = ({
  store,
  runtime,
  limits,
  kinds,
  files,
  mail,
  publicUrl,
  signIn,
  previewSecret,
  credentialChecks,
  versionsKept = 100,
  customDomains: customDomainSettings,
}: {
  store: Store
  runtime: Runtime
  limits: ChatLimits
  kinds: KindRegistry
  files: FilesApp
  /** Emails to people (invitations, sign-in links); `configured` is false without the server's SMTP settings. */
  mail: SystemMail
  /** The builder's address (PARLEY_PUBLIC_URL or its default), for links in emails. */
  publicUrl: () => string
  /** Browser sign-in settings; `oidc` when an OpenID Connect provider is configured. */
  signIn: SignInSettings & { oidc?: OidcSettings }
  /** Signs preview tokens: the same in every process of the installation, or previews fail on other processes. */
  previewSecret: string | Buffer
  /** Credentials checked with their service before they are stored (the messaging channels': src/channels/). */
  credentialChecks?: CredentialChecks
  /** Versions kept per bot (PARLEY_BOT_VERSIONS_KEPT; 0: all). */
  versionsKept?: number
  /** Custom domains: whether they must pass their HTTP challenge, and the server's own host names. */
  customDomains: CustomDomainSettings
}) => {
  const access = createAccess(store)
  const templates = createTemplates()
  const webhooks = createWebhooks({ store, access })
  const previewTokens = createPreviewTokens({ secret: previewSecret })
  const chats = createChats({ store, runtime, limits, access, kinds, files, webhooks, previewTokens, templates })
  const attempts = createPasswordAttempts(store.rateLimits)
  const invitations = createInvitations({ store, access, mail, publicUrl })
  const workspaces = createWorkspaces({ store, access, files, invitations })
  const oidc = signIn.oidc && createOidcClient(signIn.oidc, () => `${publicUrl()}/v1/auth/oidc/callback`)
  const botVersions = createBotVersions({ store, access, kept: versionsKept })
  const accounts = createAccounts({ store, access, attempts: attempts.byAccount, previewTokens })
  const customDomains = createCustomDomains({ store, access, runtime, settings: customDomainSettings })
  return {
    accounts,
    signIn: createSignIn({
      store,
      mail,
      publicUrl,
      settings: signIn,
      // While sign-up is closed, only an invited email may register.
      invited: { byLink: invitations.admits, byEmail: invitations.pendingFor },
      oidc,
      attempts,
      tokensRevoked: (userId) => accounts.forgetTokensOf(userId),
    }),
    oidc,
    workspaces,
    invitations,
    folders: createFolders({ store, access }),
    themeTemplates: createThemeTemplates({ store, access }),
    templates,
    credentials: createCredentials({ store, access, checks: credentialChecks }),
    bots: createBots({ store, access, files, templates, pruneVersions: botVersions.prune, domains: customDomains }),
    botVersions,
    customDomains,
    results: createResults({ store, access, files }),
    resultsTable: createResultsTable({ store, access, files, categoryOf: (type) => kinds.get(type)?.category }),
    chats,
    /** Contacts on messaging apps (src/channels/): the channel port. */
    conversations: createConversations({ store, chats, files, access, runtime }),
    webhookRooms: createWebhookRooms({ store, chats }),
    /** Outgoing webhooks: subscriptions and their deliveries (the dispatcher is started by server.ts). */
    webhooks,
    clientLogs: createClientLogs({ store, access }),
    hostedPages: createHostedPages({ store, now: () => runtime.now() }),
    files,
    mail,
    publicUrl,
    /** Whether the database answers (for /health). */
    databaseUp: () => store.ping(),
    /** This database's public identity (for /health: `parley doctor` compares it with the one it reads). */
    instanceId: () => store.instanceId(),
  }
}

export type App = ReturnType<typeof createApp>
/** The signed-in caller, as the API layer sees it (api/ does not import the store). */
export type { User } from '../store/accounts.js'
export type { Session } from '../store/sessions.js'

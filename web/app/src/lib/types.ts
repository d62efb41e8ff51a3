// Records of Parley's management API as the web app reads them.
export type Role = 'admin' | 'member' | 'guest'

export type Me = { id: string; name: string; email: string | null; hasPassword: boolean }

export type AuthStatus = {
  setupNeeded: boolean
  signupOpen: boolean
  methods: { password: boolean; passwordResetByEmail: boolean; magicLink: boolean; oidc: { name: string } | null }
  user?: Me | null
  csrfToken?: string | null
}

export type Workspace = { id: string; name: string; icon: string | null; currentUserMode: 'guest' | 'read' | 'write' }

export type Member = { userId: string; name: string; email: string | null; role: Role }

export type Invitation = { id: string; email: string; role: Role; inviterName: string | null; createdAt: string; expiresAt: string }

export type Folder = { id: string; name: string }

export type BotSummary = {
  id: string
  name: string
  icon: string | null
  publicId: string | null
  folderId: string | null
  isClosed: boolean
  publishedAt: string | null
  hasUnpublishedChanges: boolean
  updatedAt: string
  createdAt: string
}

export type Starter = { id: string; name: string; description: string }

export type Credential = { id: string; name: string; type: string; createdAt: string }

export type ApiTokenInfo = {
  id: string
  name: string
  workspaceId: string | null
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
}

// Who may do what. A caller who is not a member of a workspace gets the same not_found as for an unknown id,
// so workspace and bot ids cannot be probed; guests may read but not write. A caller whose token is scoped to one
// workspace is, for every other workspace, not a member; one holding a preview token is a member of none (the
// preview paths check its grant themselves: chats.ts, previewCaller.ts).
import type { User } from '../store/accounts.js'
import type { StoredBot } from '../store/bots.js'
import type { Store } from '../store/index.js'
import type { Role } from '../store/workspaces.js'
import { forbidden, notFound } from './errors.js'

export type Need = 'read' | 'write' | 'admin'

export const userMode = (role: Role): 'read' | 'write' => (role === 'guest' ? 'read' : 'write')

const check = (role: Role, need: Need, what: string) => {
  if (need === 'write' && role === 'guest') throw forbidden(`Guests have read-only access to this ${what}.`)
  if (need === 'admin' && role !== 'admin') throw forbidden(`Only workspace admins may do this.`)
}

/** Whether the caller's token reaches this workspace (unscoped callers reach all of theirs; preview tokens none). */
export const inScope = (user: User, workspaceId: string): boolean => !user.preview && (!user.scope || user.scope === workspaceId)

export const createAccess = ({ bots, workspaces }: Pick<Store, 'bots' | 'workspaces'>) => ({
  /** The caller's role in the workspace, when it allows `need`. */
  async workspaceRole(user: User, workspaceId: string, need: Need): Promise<Role> {
    const role = inScope(user, workspaceId) ? await workspaces.roleOf(workspaceId, user.id) : undefined
    if (!role) throw notFound('Workspace not found.')
    check(role, need, 'workspace')
    return role
  },

  /** The bot with the caller's role in its workspace, when it allows `need`. */
  async bot(user: User, botId: string, need: Need): Promise<{ bot: StoredBot; role: Role }> {
    const bot = await bots.get(botId)
    const role = bot && inScope(user, bot.workspaceId) && (await workspaces.roleOf(bot.workspaceId, user.id))
    if (!bot || !role) throw notFound('Bot not found.')
    check(role, need, 'bot')
    return { bot, role }
  },
})

export type Access = ReturnType<typeof createAccess>

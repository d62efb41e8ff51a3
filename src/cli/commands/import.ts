// `parley import FILE`: a Typebot export (or a Parley bot) into a workspace, through the application layer's import
// (the same validation, migration to v6 and checks as POST /v1/bots/import).
import { readFile } from 'node:fs/promises'
import { createAccess } from '../../app/access.js'
import { createBots } from '../../app/bots.js'
import { AppError } from '../../app/errors.js'
import { createTemplates } from '../../app/templates/index.js'
import { loadConfig } from '../../config.js'
import type { User } from '../../store/accounts.js'
import type { Store } from '../../store/index.js'
import { type Command, CommandError, parseOptions, UsageError } from '../command.js'
import { openCliStore, contentUrlOf } from '../openDatabase.js'

const usage = `Usage: parley import FILE [--workspace ID] [--email E] [--publish]

Imports a bot exported from Typebot (schema versions 3 to 6.1, stored as v6) or from Parley, with the same checks
as the API, and prints its id, title and what the checks found.

  --workspace ID   the workspace to import into
  --email E        the user importing: their only workspace is used when --workspace is not given
                   (default: an admin of the workspace)
  --publish        publish the bot too, and print its share link (on PARLEY_PUBLIC_URL, else http://HOST:PORT)

Without --workspace or --email, the only workspace there is.`

type Target = { workspaceId: string; user: User }

/** The workspace named, or the only one of the user, or the only one: anything else is an error listing them. */
const chooseTarget = async (store: Store, workspaceId: string | undefined, email: string | undefined): Promise<Target> => {
  const byEmail = email ? await store.accounts.userByEmail(email.trim().toLowerCase()) : undefined
  if (email && !byEmail) throw new CommandError(`No user with email ${email}.`)
  const candidates = byEmail ? await store.workspaces.listForUser(byEmail.id) : await store.workspaces.listAll()
  const listed = (list: { id: string; name: string }[]) => list.map((w) => `  ${w.id}  ${w.name}`).join('\n')
  let chosen = workspaceId
  if (!chosen) {
    if (candidates.length === 0)
      throw new CommandError(
        byEmail ? `${email} is in no workspace.` : 'There is no workspace yet: create an account first (web app or `parley user create`).',
      )
    if (candidates.length > 1)
      throw new CommandError(
        `Which workspace? ${byEmail ? `${email} is in` : 'There are'} ${candidates.length}; choose one with --workspace ID:\n${listed(candidates)}`,
      )
    chosen = candidates[0].id
  }
  if (byEmail) return { workspaceId: chosen, user: byEmail }
  const admin = (await store.workspaces.members(chosen)).find((m) => m.role === 'admin')
  if (!admin) throw new CommandError(`No workspace ${chosen} (or it has no admin). Workspaces:\n${listed(await store.workspaces.listAll())}`)
  const user = await store.accounts.userById(admin.userId)
  if (!user) throw new CommandError(`No workspace ${chosen}.`)
  return { workspaceId: chosen, user }
}

const readBot = async (file: string): Promise<Record<string, unknown>> => {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    throw new CommandError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`)
  }
  try {
    const parsed = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed
  } catch {}
  throw new CommandError(`${file} is not a bot export (a JSON object).`)
}

export const importBot: Command = {
  name: 'import',
  summary: 'import a Typebot export (or a Parley bot) from a file',
  usage,
  async run(args) {
    const { values, positionals } = parseOptions(
      args,
      { workspace: { type: 'string' }, email: { type: 'string' }, publish: { type: 'boolean' } },
      true,
    )
    if (positionals.length !== 1) throw new UsageError(positionals.length ? 'One file at a time.' : 'Which file?')
    const doc = await readBot(positionals[0])
    const config = loadConfig()
    const store = await openCliStore(config)
    try {
      const { workspaceId, user } = await chooseTarget(store, values.workspace, values.email)
      // Import touches no files (deleting them is for other operations of the bots module), and drops customDomain
      // (bound to a workspace, as in Typebot): no domain is claimed. A bot just imported has at most the one version
      // --publish makes: nothing to prune.
      const bots = createBots({
        store,
        access: createAccess(store),
        files: { deleteOwned: async () => {} },
        templates: createTemplates(),
        pruneVersions: async () => 0,
        domains: { prepare: () => null, claim: async () => {}, settle: async () => {}, ensureFree: async () => {} },
      })
      const bot = await bots.import(user, workspaceId, doc)
      const checks = await bots.checksOf(bot)
      console.log(`Imported "${bot.name}" as bot ${bot.id} in workspace ${workspaceId}.`)
      for (const check of checks) console.log(`  ${check.severity === 'error' ? '✗' : '!'} ${check.message}`)
      if (checks.length === 0) console.log('  ✓ The checks found nothing to fix.')
      if (values.publish) {
        await bots.publish(user, bot.id as string)
        console.log(`Published: ${contentUrlOf(config)}/${bot.publicId}`)
      }
      return 0
    } catch (err) {
      if (err instanceof AppError) {
        const issues = (err.issues ?? []).slice(0, 20).map((i) => `\n  ${i.path}: ${i.message}`)
        throw new CommandError(`${err.message}${issues.join('')}`)
      }
      throw err
    } finally {
      await store.close()
    }
  },
}

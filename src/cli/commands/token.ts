// `parley token`: API tokens (create, list, revoke).
import { loadConfig } from '../../config.js'
import { newToken } from '../../lib/ids.js'
import { type Command, CommandError, parseOptions, UsageError } from '../command.js'
import { openCliStore } from '../openDatabase.js'

export const token: Command = {
  name: 'token',
  summary: 'create, list or revoke API tokens',
  usage: `Usage:
  parley token create --name NAME [--email E] [--quiet]
      create a token (for the user with that email, created if new); prints it once (--quiet: only the token)
  parley token list
      list tokens (never their secret)
  parley token revoke ID
      revoke a token (ids from \`parley token list\`)`,
  async run(args) {
    const [action, ...rest] = args
    if (action !== 'create' && action !== 'list' && action !== 'revoke')
      throw new UsageError(action ? `Unknown action "${action}".` : 'Which action?')
    const { values, positionals } = parseOptions(
      rest,
      { name: { type: 'string' }, email: { type: 'string' }, quiet: { type: 'boolean' } },
      action === 'revoke',
    )
    if (action === 'create' && !values.name) throw new UsageError('token create needs --name NAME')
    if (action === 'revoke' && positionals.length !== 1) throw new UsageError('token revoke needs the token id (see `parley token list`)')
    const store = await openCliStore(loadConfig())
    try {
      if (action === 'create') {
        const name = values.name as string
        const existing = values.email ? await store.accounts.userByEmail(values.email) : undefined
        // A user the operator makes for an email: the address counts as proven, as with `parley user create`.
        const user = existing ?? (await store.accounts.createUser(name, values.email, undefined, true))
        const secret = newToken()
        const id = await store.accounts.addToken(user.id, name, secret)
        if (values.quiet) console.log(secret)
        else {
          console.log(JSON.stringify({ id, token: secret, userId: user.id, userName: user.name, email: user.email }, null, 2))
          console.error('Keep this token: it is shown only once.')
        }
      } else if (action === 'list') {
        console.log(JSON.stringify(await store.accounts.listTokens(), null, 2))
      } else {
        if (!(await store.accounts.revokeToken(positionals[0]))) throw new CommandError(`No token with id ${positionals[0]}`)
        console.log(`Token ${positionals[0]} revoked.`)
      }
      return 0
    } finally {
      await store.close()
    }
  },
}

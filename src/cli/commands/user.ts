// `parley user`: accounts created from the server's machine (first account, password resets without email).
import { text } from 'node:stream/consumers'
import { hashPassword } from '../../app/passwords.js'
import { createOneTimeLink } from '../../app/signIn.js'
import { loadConfig } from '../../config.js'
import { type Command, CommandError, parseOptions, UsageError } from '../command.js'
import { openCliStore, publicUrlOf } from '../openDatabase.js'

export const user: Command = {
  name: 'user',
  summary: 'create a user, or print a link to set a password',
  usage: `Usage:
  parley user create --email E --name N [--password-stdin]
      create a user with a workspace of their own; the password is read from standard input, else a one-time
      link to set it is printed
  parley user reset-link --email E
      print a one-time link to set a new password (valid one hour; for servers that cannot send emails)

Links are built on PARLEY_PUBLIC_URL (else http://HOST:PORT).`,
  async run(args) {
    const [action, ...rest] = args
    if (action !== 'create' && action !== 'reset-link') throw new UsageError(action ? `Unknown action "${action}".` : 'Which action?')
    const { values } = parseOptions(rest, { email: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' } })
    const email = values.email?.trim().toLowerCase()
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`user ${action} needs --email EMAIL`)
    const name = values.name?.trim()
    if (action === 'create' && !name) throw new UsageError('user create needs --name NAME')
    const config = loadConfig()
    const store = await openCliStore(config)
    try {
      if (action === 'create') {
        const password = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined
        if (password !== undefined && (password.length < 8 || password.length > 256))
          throw new CommandError('The password needs 8 to 256 characters.')
        if (await store.accounts.userByEmail(email)) throw new CommandError(`A user with email ${email} exists (see \`parley user reset-link\`).`)
        // The operator vouches for the address: the account's email counts as proven (OpenID Connect may join it).
        const passwordHash = password === undefined ? undefined : await hashPassword(password)
        const created = await store.accounts.createUser(name as string, email, passwordHash, true)
        await store.workspaces.create(created.id, { name: `${name}'s workspace` })
        console.log(JSON.stringify({ userId: created.id, name: created.name, email: created.email }, null, 2))
        if (password === undefined) {
          console.log(`Set the password at: ${await createOneTimeLink(store, publicUrlOf(config), created.id, 'reset')}`)
          console.error('The link works once, within an hour.')
        }
      } else {
        const found = await store.accounts.userByEmail(email)
        if (!found) throw new CommandError(`No user with email ${email}`)
        console.log(await createOneTimeLink(store, publicUrlOf(config), found.id, 'reset'))
        console.error('The link works once, within an hour.')
      }
      return 0
    } finally {
      await store.close()
    }
  },
}

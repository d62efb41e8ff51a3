// The `parley` command: a registry of commands (src/cli/commands/), each with its own usage text.
import { type Command, CommandError, UsageError } from './command.js'
import { backup } from './commands/backup.js'
import { chat } from './commands/chat.js'
import { doctor } from './commands/doctor.js'
import { importBot } from './commands/import.js'
import { serve } from './commands/serve.js'
import { token } from './commands/token.js'
import { user } from './commands/user.js'
import { loadDotEnv } from './dotenv.js'
import { suggest } from './suggest.js'
import { packageVersion } from './version.js'

const commands: Command[] = [serve, doctor, importBot, chat, backup, token, user]

const commandList = () => {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2
  return commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')
}

const overview = () => `Usage: parley <command> [options]

Commands:
${commandList()}

  parley help <command>, parley <command> --help   the command's options
  parley --version                                 the installed version

Settings come from environment variables, and from a .env file in the current directory for those the
environment does not set (see the README).`

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h'

const main = async (argv: string[]): Promise<number> => {
  const [name, ...args] = argv
  if (name === undefined) {
    console.error(overview())
    return 2
  }
  if (isHelp(name)) {
    console.log(overview())
    return 0
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    console.log(packageVersion())
    return 0
  }
  if (name === 'help') {
    const topic = args[0] === undefined ? undefined : commands.find((c) => c.name === args[0])
    if (args[0] !== undefined && !topic) return unknownCommand(args[0])
    console.log(topic ? topic.usage : overview())
    return 0
  }
  const command = commands.find((c) => c.name === name)
  if (!command) return unknownCommand(name)
  if (args.some(isHelp)) {
    console.log(command.usage)
    return 0
  }
  loadDotEnv()
  try {
    return await command.run(args)
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${command.usage}`)
      return 2
    }
    if (err instanceof CommandError) {
      console.error(err.message)
      return 1
    }
    throw err
  }
}

const unknownCommand = (name: string) => {
  const near = suggest(
    name,
    commands.map((c) => c.name),
  )
  console.error(`Unknown command "${name}".${near ? ` Did you mean "${near}"?` : ''}\n\nCommands:\n${commandList()}`)
  return 2
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (err) => {
    console.error(err instanceof Error ? err.message : err)
    process.exitCode = 1
  },
)

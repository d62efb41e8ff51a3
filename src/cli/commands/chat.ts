// `parley chat PUBLIC_ID`: a conversation with a published bot in the terminal, over the HTTP chat API of a running
// server (startChat, then continueChat), for trying a bot without a browser. Reads answers line by line, so it
// also works with standard input piped.
import { createInterface } from 'node:readline'
import { loadConfig } from '../../config.js'
import { type ChatInput, renderInput, renderMessage, replyFor } from '../chat/render.js'
import { type Command, CommandError, parseOptions, UsageError } from '../command.js'
import { contentUrlOf } from '../openDatabase.js'

type Answer = {
  sessionId?: string
  messages: { id: string; type: string; content: Record<string, unknown> }[]
  input?: ChatInput
  clientSideActions?: { type: string; [key: string]: unknown }[]
  logs?: { status: string; description: string }[]
}

const usage = `Usage: parley chat PUBLIC_ID [--url URL] [--token T]

Chats with a published bot in the terminal, through the chat API of a running server. The bot's messages are
printed, its questions asked as prompts: answer buttons by number or text, leave with Ctrl+D.

  --url URL     the server (default: PARLEY_CHAT_URL, else http://127.0.0.1:PORT)
  --token T     an API token, for servers where chats need one (PUBLIC_CHAT is not true); PARLEY_TOKEN in the
                environment does the same and, unlike --token, is not shown in \`ps\` or the shell's history`

export const chat: Command = {
  name: 'chat',
  summary: 'chat with a published bot in the terminal',
  usage,
  async run(args) {
    const { values, positionals } = parseOptions(args, { url: { type: 'string' }, token: { type: 'string' } }, true)
    if (positionals.length !== 1) throw new UsageError('Which bot? Give its public id.')
    const base = (values.url ?? contentUrlOf(loadConfig())).replace(/\/+$/, '')
    const styles = { ansi: Boolean(process.stdout.isTTY) }
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    const token = values.token ?? process.env.PARLEY_TOKEN
    if (token) headers.authorization = `Bearer ${token}`

    const call = async (path: string, body: unknown): Promise<Answer> => {
      let res: Response
      try {
        res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      } catch (err) {
        throw new CommandError(
          `Nothing answers at ${base} (${err instanceof Error && err.cause instanceof Error ? err.cause.message : err}): is the server running? (--url)`,
        )
      }
      const answer = (await res.json().catch(() => ({}))) as Answer & { message?: string }
      if (res.ok) return answer
      if (res.status === 401)
        throw new CommandError(
          `${base} needs a token for chats: set PARLEY_TOKEN or pass --token (see \`parley token create\`), or run the server with PUBLIC_CHAT=true.`,
        )
      if (res.status === 404 && !path.includes('continueChat')) throw new CommandError(`No published bot "${positionals[0]}" at ${base}.`)
      throw new CommandError(`${base} answered ${res.status}: ${answer.message ?? 'no details'}`)
    }

    const show = (answer: Answer) => {
      for (const message of answer.messages ?? []) console.log(renderMessage(message, styles))
      for (const log of answer.logs ?? []) if (log.status === 'error') console.log(`[error] ${log.description}`)
      for (const action of answer.clientSideActions ?? [])
        if (action.type === 'redirect')
          console.log(`[The bot sends the browser to ${(action.redirect as { url?: string } | undefined)?.url ?? 'another page'}]`)
    }

    /**
     * Standard input, line by line: opened only once the chat has started, since an open reader keeps the process
     * alive on a terminal (a chat that cannot start must exit at once) and is closed whatever ends the chat.
     */
    let lines: AsyncIterator<string> | undefined
    const ask = async (input: ChatInput): Promise<string | undefined> => {
      const prompt = renderInput(input)
      if (prompt) console.log(prompt)
      process.stdout.write('> ')
      lines ??= createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]()
      const line = await lines.next()
      if (line.done) return undefined
      // Echo what was read when it does not come from a terminal, so that a piped conversation reads as one.
      if (!process.stdin.isTTY) process.stdout.write(`${line.value}\n`)
      return line.value
    }

    /**
     * An LLM answer streamed by the server (server-sent events), printed as it comes; its full text. A failure, said
     * or not (the connection cut before the end), ends the chat: the bot cannot go on without the answer.
     */
    const streamed = async (sessionId: string): Promise<string> => {
      const url = `${base}/v1/sessions/${encodeURIComponent(sessionId)}/streamMessage`
      const res = await fetch(url, { method: 'POST', headers, body: '{}' }).catch(() => undefined)
      if (!res) throw new CommandError(`${base} stopped answering before the bot's answer.`)
      if (!res.ok || !res.body) {
        const { message } = (await res.json().catch(() => ({}))) as { message?: string }
        throw new CommandError(`${base} could not stream the bot's answer (${res.status}): ${message ?? 'no details'}`)
      }
      let pending = ''
      let shown = ''
      // Ends the line of the pieces printed so far, so that what follows starts on its own.
      const endLine = () => shown !== '' && process.stdout.write('\n')
      try {
        for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
          pending += chunk
          for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
            const event = pending.slice(0, end)
            pending = pending.slice(end + 2)
            const name = /^event: (.*)$/m.exec(event)?.[1]
            const data = JSON.parse(/^data: (.*)$/m.exec(event)?.[1] ?? '{}') as { text?: string; message?: string }
            if (name === 'error') {
              endLine()
              throw new CommandError(`The bot's answer failed: ${data.message ?? 'no details'}`)
            }
            if (name === 'done') {
              endLine()
              // The final text can differ from the pieces (a provider that replaces its message, e.g. Dify's
              // message_replace, sends it whole and no piece): then it is printed as it stands.
              if (data.text && data.text !== shown) process.stdout.write(`${data.text}\n`)
              return data.text ?? ''
            }
            if (data.text) {
              process.stdout.write(data.text)
              shown += data.text
            }
          }
        }
      } catch (err) {
        if (err instanceof CommandError) throw err
        endLine()
        throw new CommandError(`The bot's answer was cut off: ${base} stopped sending it (${err instanceof Error ? err.message : err}).`)
      }
      endLine()
      throw new CommandError(`The bot's answer was cut off: ${base} ended the stream before the answer was complete.`)
    }

    /**
     * Client actions the bot waits on before it goes on (a pause, a streamed LLM answer): done here, answering what
     * a browser would. undefined: no such action; null: one a terminal cannot do (the chat stops there).
     */
    const dedicatedReply = async (answer: Answer, sessionId: string): Promise<{ message?: string } | null | undefined> => {
      const action = answer.clientSideActions?.find((a) => a.expectsDedicatedReply)
      if (!action) return undefined
      if (action.type === 'wait') {
        const seconds = Number((action.wait as { secondsToWaitFor?: unknown } | undefined)?.secondsToWaitFor) || 0
        await new Promise((r) => setTimeout(r, Math.min(seconds, 60) * 1000))
        return {}
      }
      if (action.type === 'stream' || action.type === 'streamOpenAiChatCompletion') return { message: await streamed(sessionId) }
      console.log(`The bot runs a step in the browser (${action.type}): not supported in the terminal. Leaving the chat; try it in a browser.`)
      return null
    }

    // Asking for streams: an LLM answer is then printed as it is generated instead of after the whole completion.
    let answer = await call(`/v1/bots/${encodeURIComponent(positionals[0])}/startChat`, { isStreamEnabled: true })
    const sessionId = answer.sessionId
    try {
      for (;;) {
        show(answer)
        const dedicated = sessionId ? await dedicatedReply(answer, sessionId) : undefined
        if (dedicated === null) return 1
        if (dedicated) {
          answer = await call(`/v1/sessions/${encodeURIComponent(sessionId!)}/continueChat`, dedicated)
          continue
        }
        const input = answer.input
        if (!input || !sessionId) {
          console.log('(The chat has ended.)')
          return 0
        }
        let reply: string
        if (input.type === 'file input') {
          if (input.options?.isRequired !== false) {
            console.log('The bot asks for a file: uploads are not supported in the terminal. Leaving the chat; try it in a browser.')
            return 1
          }
          console.log('The bot asks for a file: uploads are not supported in the terminal. Skipped.')
          reply = ''
        } else if (input.type === 'payment input') {
          console.log('The bot asks for a payment: not supported in the terminal. Leaving the chat; try it in a browser.')
          return 1
        } else {
          const typed = await ask(input)
          if (typed === undefined) {
            console.log('\n(Left the chat.)')
            return 0
          }
          reply = replyFor(input, typed)
        }
        answer = await call(`/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message: reply })
      }
    } finally {
      if (lines) {
        await lines.return?.()
        process.stdin.pause()
      }
    }
  },
}

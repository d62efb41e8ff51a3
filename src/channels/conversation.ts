// A contact's message, from a channel's webhook to the messages sent back: taken once, handled in the order it came
// (one contact's messages one after another in this process; across processes the session's revision decides, see
// app/conversations.ts), the turn run by the app, then its bubbles, client-side actions and input sent one at a time
// with the bot's typing delays. The webhook has answered long before: this runs in the background, and the server
// waits for it on shutdown.
import type { FastifyBaseLogger } from 'fastify'
import type { ContactMessage, ContactTurn, ConversationsApp } from '../app/conversations.js'
import type { ClientSideAction } from '../contract/chat.js'
import type { Settings } from '../contract/bot/common.js'
import type { ChatInput, ChatMessage } from '../blocks/wire.js'
import { ChannelError, type ChannelSender, type Outbox, type Outgoing } from './channel.js'

/** A Wait block holds the chat at most this long on a channel (Typebot's WhatsApp: 10 s). */
const MAX_WAIT_SECONDS = 10
const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())

/** The typing delay before a message, from the bot's typing emulation (Typebot's words-per-minute rule). */
const typingDelayMs = (text: string | undefined, settings: Settings): number => {
  const typing = settings.typingEmulation ?? {}
  if (!text || typing.enabled === false || settings.general?.isTypingEmulationEnabled === false) return 0
  const words = text.split(/\s+/).filter(Boolean).length
  const speed = typing.speed && typing.speed > 0 ? typing.speed : 400
  const maxDelay = typing.maxDelay ?? 3
  return Math.min((words / speed) * 60_000, maxDelay * 1000)
}

type Log = { status: 'error' | 'info'; description: string; details?: string }

type Channel = Outbox['channel']

/** Finds how to write to a chat's contact from the channel and credentials the chat keeps (MessagingClient.via). */
export type OutboxFinder = (via: { channel: string; credentialsId: string }, workspaceId: string, sessionId: string) => Promise<Outbox | undefined>

export const createConversationRunner = ({
  conversations,
  log,
  outboxOf,
}: {
  conversations: ConversationsApp
  log: FastifyBaseLogger
  outboxOf: OutboxFinder
}) => {
  const chains = new Map<string, Promise<void>>()
  const pending = new Set<Promise<void>>()

  /** Sends a turn; answers whether the chat goes on by itself (a paused Wait, a browser action it waited on). */
  const deliver = async (turn: ContactTurn, channel: Channel, send: ChannelSender, logs: Log[]): Promise<boolean> => {
    const { response, settings } = turn
    const { renderer } = channel
    const input = response.input as ChatInput | undefined
    let bubbles = response.messages as ChatMessage[]
    let prompt: ChatMessage | undefined
    if (input && renderer.takesPrompt(input) && bubbles.at(-1)?.type === 'text') {
      prompt = bubbles.at(-1)
      bubbles = bubbles.slice(0, -1)
    }
    const actions = (response.clientSideActions ?? []) as ClientSideAction[]
    const typing = settings.typingEmulation ?? {}
    const betweenMs = Math.min(Math.max(typing.delayBetweenBubbles ?? 0, 0), 5) * 1000
    let sent = 0
    let goesOn = false
    const out = async (message: Outgoing) => {
      const first = sent === 0 && turn.isNewChat && typing.isDisabledOnFirstMessage !== false
      await sleep((sent > 0 ? betweenMs : 0) + (first ? 0 : typingDelayMs(message.text, settings)))
      await send(message)
      sent++
    }
    const act = async (action: ClientSideAction) => {
      if (action.type === 'wait') {
        await sleep(Math.min(Math.max(action.wait.secondsToWaitFor, 0), MAX_WAIT_SECONDS) * 1000)
        if (action.expectsDedicatedReply) goesOn = true
      } else if (action.type === 'redirect') {
        if (action.redirect.url) await out(renderer.link(action.redirect.url))
      } else if (action.type === 'listenForWebhook' || action.type === 'startPropsToInject') {
        // The chat waits for the webhook's call; page set-up means nothing outside a browser.
      } else {
        logs.push({ status: 'info', description: `${channel.name} has no browser: the "${action.type}" action was skipped.` })
        if (action.expectsDedicatedReply) goesOn = true
      }
    }
    for (const action of actions) if (!action.lastBubbleBlockId) await act(action)
    for (const bubble of bubbles) {
      const { messages, skipped } = renderer.bubble(bubble, settings)
      if (skipped) logs.push({ status: 'info', description: skipped })
      for (const message of messages) await out(message)
      for (const action of actions) if (action.lastBubbleBlockId === bubble.id) await act(action)
    }
    if (input) for (const message of renderer.input(input, prompt, settings)) await out(message)
    else if (prompt) for (const message of renderer.bubble(prompt, settings).messages) await out(message)
    for (const action of actions) if (prompt && action.lastBubbleBlockId === prompt.id) await act(action)
    return goesOn && !input
  }

  const run = async (message: ContactMessage, channel: Channel, send: ChannelSender) => {
    let next: ContactMessage | undefined = message
    // A paused Wait (or a browser action the chat waits on) goes on without the contact: up to a few rounds a message.
    for (let round = 0; next && round < 20; round++) {
      const outcome = await conversations.receive(next)
      if ('ignored' in outcome) {
        log.info({ channel: channel.name, sessionId: message.sessionId }, outcome.ignored)
        return
      }
      const logs: Log[] = []
      let goesOn = false
      try {
        goesOn = await deliver(outcome.turn, channel, send, logs)
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err
        logs.push({ status: 'error', description: `${channel.name} refused a message of this chat.`, details: err.message })
        log.warn({ channel: channel.name, err: err.message }, 'A message could not be sent')
      }
      for (const entry of outcome.turn.response.logs ?? []) if (entry.status === 'error') log.info({ channel: channel.name }, entry.description)
      await conversations.log(outcome.turn.resultId, logs)
      next = goesOn ? { ...message, text: undefined, replyId: undefined, media: undefined } : undefined
    }
  }

  /** Runs `work` behind the contact's previous message, in the background. */
  const enqueue = (sessionId: string, what: string, work: () => Promise<void>) => {
    const previous = chains.get(sessionId) ?? Promise.resolve()
    const settled = previous.then(work).catch((err) => log.error({ err, channel: what }, 'A contact message could not be handled'))
    chains.set(sessionId, settled)
    pending.add(settled)
    void settled.finally(() => {
      pending.delete(settled)
      if (chains.get(sessionId) === settled) chains.delete(sessionId)
    })
  }

  return {
    /**
     * Handles a contact's message in the background: dropped when its key was taken before (a repeated delivery),
     * else queued behind that contact's previous one.
     */
    accept(key: string, message: ContactMessage, { channel, send }: Outbox) {
      enqueue(message.sessionId, channel.name, async () => {
        if (await conversations.claim(key)) await run(message, channel, send)
      })
    },

    /** A contact's chat goes on without them (a webhook block got its payload): its channel sends what follows. */
    resume(chat: { sessionId: string; workspaceId: string; contact: ContactMessage['contact']; channel: string; credentialsId: string }) {
      const { sessionId, workspaceId, credentialsId } = chat
      const channel = chat.channel
      if (channel !== 'whatsApp' && channel !== 'telegram') return
      enqueue(sessionId, channel, async () => {
        const outbox = await outboxOf({ channel, credentialsId }, workspaceId, sessionId)
        if (!outbox) return log.warn({ channel }, 'A chat resumed by its webhook has no usable credentials any more')
        await run({ channel, workspaceId, credentialsId, sessionId, contact: chat.contact }, outbox.channel, outbox.send)
      })
    },

    /** Waits for the messages being handled (server shutdown). */
    async drain() {
      while (pending.size) await Promise.allSettled([...pending])
    },

    /** Resolves once nothing is being handled (tests). */
    idle: () => Promise.allSettled([...pending]).then(() => undefined),
  }
}

export type ConversationRunner = ReturnType<typeof createConversationRunner>

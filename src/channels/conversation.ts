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

/** A Wait block holds the chat at most this long on a channel (Typebot's WhatsApp: 10 s); typing delays likewise. */
const MAX_WAIT_SECONDS = 10
/** Messages of one contact waiting behind the one being answered: more are dropped (a flood costs the operator). */
const MAX_QUEUED_PER_CONTACT = 10
/** Contacts' messages being handled or waiting in this process: more are dropped until the backlog clears. */
const MAX_PENDING = 5_000
const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())

/** The typing delay before a message, from the bot's typing emulation (Typebot's words-per-minute rule). */
const typingDelayMs = (text: string | undefined, settings: Settings): number => {
  const typing = settings.typingEmulation ?? {}
  if (!text || typing.enabled === false || settings.general?.isTypingEmulationEnabled === false) return 0
  const words = text.split(/\s+/).filter(Boolean).length
  const speed = typing.speed && typing.speed > 0 ? typing.speed : 400
  const maxDelay = Math.min(Math.max(typing.maxDelay ?? 3, 0), MAX_WAIT_SECONDS)
  return Math.min((words / speed) * 60_000, maxDelay * 1000)
}

type Log = { status: 'error' | 'info'; description: string; details?: string }

type Channel = Outbox['channel']

/** Finds how to write to a chat's contact from the channel and credentials the chat keeps (MessagingClient.via). */
export type OutboxFinder = (via: { channel: string; credentialsId: string }, workspaceId: string, sessionId: string) => Promise<Outbox | undefined>

/** What the server's metrics are told of each turn a channel runs (api/metrics.ts). */
export type TurnObserver = {
  turnStarted(): void
  turnEnded(surface: 'whatsapp' | 'telegram', kind: 'start' | 'continue', outcome: string, seconds: number, sessionId?: string): void
  turnAborted(): void
}

export const createConversationRunner = ({
  conversations,
  log,
  outboxOf,
  metrics,
}: {
  conversations: ConversationsApp
  log: FastifyBaseLogger
  outboxOf: OutboxFinder
  metrics?: TurnObserver
}) => {
  /** A turn, measured like the chat API's (surface: the channel); a message no bot takes is no turn. */
  const measured = async (message: ContactMessage) => {
    const surface = message.channel === 'whatsApp' ? 'whatsapp' : 'telegram'
    const started = performance.now()
    metrics?.turnStarted()
    try {
      const outcome = await conversations.receive(message)
      const seconds = (performance.now() - started) / 1000
      if ('ignored' in outcome) metrics?.turnAborted()
      else metrics?.turnEnded(surface, outcome.turn.isNewChat ? 'start' : 'continue', 'ok', seconds, message.sessionId)
      return outcome
    } catch (err) {
      const code = (err as { code?: unknown }).code
      metrics?.turnEnded(surface, 'continue', typeof code === 'string' ? code : 'internal_error', (performance.now() - started) / 1000)
      throw err
    }
  }
  const chains = new Map<string, { done: Promise<void>; queued: number }>()
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
      try {
        await send(message)
      } catch (err) {
        // A file the app would not take (a format it refuses, a link it cannot fetch) is sent as its link.
        if (!(err instanceof ChannelError) || !message.fallback) throw err
        logs.push({ status: 'info', description: `${channel.name} refused a file; its link was sent instead.`, details: err.message })
        await send(message.fallback)
      }
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
      const outcome = await measured(next)
      if ('ignored' in outcome) {
        log.info({ channel: channel.name }, outcome.ignored)
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
      next = goesOn ? { ...message, text: undefined, replyId: undefined, media: undefined, continueOnly: true } : undefined
    }
  }

  /** Runs `work` behind the contact's previous message, in the background. */
  const enqueue = (sessionId: string, what: string, work: () => Promise<void>) => {
    const chain = chains.get(sessionId)
    if ((chain?.queued ?? 0) >= MAX_QUEUED_PER_CONTACT || pending.size >= MAX_PENDING) {
      log.warn({ channel: what }, 'A contact message was dropped: too many are waiting')
      return
    }
    const settled = (chain?.done ?? Promise.resolve())
      .then(work)
      .catch((err) => log.error({ err, channel: what }, 'A contact message could not be handled'))
    const entry = { done: settled, queued: (chain?.queued ?? 0) + 1 }
    chains.set(sessionId, entry)
    pending.add(settled)
    void settled.finally(() => {
      pending.delete(settled)
      const current = chains.get(sessionId)
      if (current === entry) chains.delete(sessionId)
      else if (current) current.queued--
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
        await run({ channel, workspaceId, credentialsId, sessionId, contact: chat.contact, continueOnly: true }, outbox.channel, outbox.send)
      })
    },

    /** Waits for the messages being handled (server shutdown), at most `ms`. */
    async drain(ms: number) {
      const deadline = new Promise((resolve) => setTimeout(resolve, ms).unref())
      while (pending.size) if ((await Promise.race([Promise.allSettled([...pending]), deadline.then(() => 'late')])) === 'late') return
    },

    /** Resolves once nothing is being handled (tests). */
    idle: () => Promise.allSettled([...pending]).then(() => undefined),
  }
}

export type ConversationRunner = ReturnType<typeof createConversationRunner>

// What a messaging channel is made of (one folder each: whatsapp/, telegram/): how it renders a turn's bubbles and
// input, and how it sends one message to a contact. The rest, shared, is in conversation.ts.
import type { Settings } from '../contract/bot/common.js'
import type { ChatInput, ChatMessage } from '../blocks/wire.js'

/** One message to send: the app's own body, and the text the contact reads (the typing delay before it). */
export type Outgoing = {
  body: Record<string, unknown>
  text?: string
  /** What to send instead when the app refuses this message (a file's link). */
  fallback?: Outgoing
}

export interface ChannelRenderer {
  /** A bubble as the app's messages; none when it shows nothing (then `skipped` tells why, for the result's logs). */
  bubble(message: ChatMessage, settings: Settings): { messages: Outgoing[]; skipped?: string }
  /** Whether this input carries the text bubble just before it (WhatsApp's buttons do, as their body). */
  takesPrompt(input: ChatInput): boolean
  /** The input's own messages (`prompt`: the text bubble it carries; the retry text after an invalid answer too). */
  input(input: ChatInput, prompt: ChatMessage | undefined, settings: Settings): Outgoing[]
  /** A link the bot opens (Redirect): sent for the contact to tap. */
  link(url: string): Outgoing
}

/** Sends one message to the contact; throws ChannelError when the app refuses it. */
export type ChannelSender = (message: Outgoing) => Promise<void>

/** How a channel writes to one contact: its renderer and a sender bound to the contact and the credentials. */
export type Outbox = { channel: { name: string; renderer: ChannelRenderer }; send: ChannelSender }

/** A messaging app's API answered with an error (its own description, never a token). */
export class ChannelError extends Error {}

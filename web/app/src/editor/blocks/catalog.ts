// Every block kind the editor offers, by category: the palette lists them, the canvas names and summarises blocks
// with them, and `createBlock` gives a new block of a kind with Typebot's defaults written out (so the settings form
// shows what the bot will do, and the saved JSON reads the same in Typebot).
import {
  type Icon,
  IconAB,
  IconApi,
  IconArrowBackUp,
  IconArrowForward,
  IconBrain,
  IconBrandGmail,
  IconBrandGoogle,
  IconBrandOpenai,
  IconBrandZapier,
  IconCalendar,
  IconCalendarEvent,
  IconCards,
  IconChartBar,
  IconClock,
  IconCode,
  IconCreditCard,
  IconDatabase,
  IconExternalLink,
  IconForms,
  IconGitBranch,
  IconHeadset,
  IconLayoutGrid,
  IconLink,
  IconMail,
  IconMessageCircle,
  IconMessages,
  IconMicrophone,
  IconMovie,
  IconNumbers,
  IconPhone,
  IconPhoto,
  IconPlayerPause,
  IconPlug,
  IconQrcode,
  IconRobot,
  IconSend,
  IconSparkles,
  IconSquareCheck,
  IconStar,
  IconTable,
  IconTarget,
  IconTerminal2,
  IconUpload,
  IconVariable,
  IconVolume,
  IconWebhook,
  IconWind,
  IconWorld,
} from '@tabler/icons-react'
import { defaultEmbedBubbleContent } from '../../../../../src/blocks/bubbles/embed/schema.js'
import { defaultDateInputOptions } from '../../../../../src/blocks/inputs/date/schema.js'
import { defaultEmailInputOptions } from '../../../../../src/blocks/inputs/email/schema.js'
import { defaultFileInputOptions } from '../../../../../src/blocks/inputs/file/schema.js'
import { defaultNumberInputOptions } from '../../../../../src/blocks/inputs/number/schema.js'
import { defaultPaymentInputOptions } from '../../../../../src/blocks/inputs/payment/schema.js'
import { defaultPhoneInputOptions } from '../../../../../src/blocks/inputs/phone/schema.js'
import { defaultPictureChoiceOptions } from '../../../../../src/blocks/inputs/pictureChoice/schema.js'
import { defaultRatingInputOptions } from '../../../../../src/blocks/inputs/rating/schema.js'
import { defaultTextInputOptions } from '../../../../../src/blocks/inputs/text/schema.js'
import { defaultTimeInputOptions } from '../../../../../src/blocks/inputs/time/schema.js'
import { defaultUrlInputOptions } from '../../../../../src/blocks/inputs/url/schema.js'
import { defaultChatwootOptions } from '../../../../../src/blocks/integrations/chatwoot/schema.js'
import { defaultSendEmailOptions } from '../../../../../src/blocks/integrations/email/schema.js'
import { defaultHttpRequestOptions } from '../../../../../src/blocks/integrations/httpRequest/schema.js'
import { defaultAbTestOptions } from '../../../../../src/blocks/logic/abTest/schema.js'
import { defaultSetVariableOptions } from '../../../../../src/blocks/logic/setVariable/schema.js'
import { defaultChoiceInputOptions } from '../../../../../src/contract/bot/blocks/shared.js'
import { newId } from '../ids.js'
import type { Block } from '../types.js'
import { forgeActions } from './forge.js'

export const blockCategories = [
  { id: 'bubbles', label: 'Bubbles' },
  { id: 'inputs', label: 'Inputs' },
  { id: 'logic', label: 'Logic' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'forge', label: 'Apps and AI' },
] as const
export type BlockCategory = (typeof blockCategories)[number]['id']

export type CatalogEntry = { type: string; category: BlockCategory; label: string; description: string; icon: Icon }

const entry = (category: BlockCategory, type: string, label: string, description: string, icon: Icon): CatalogEntry => ({
  type,
  category,
  label,
  description,
  icon,
})
const bubble = (type: string, label: string, description: string, icon: Icon) => entry('bubbles', type, label, description, icon)
const input = (type: string, label: string, description: string, icon: Icon) => entry('inputs', type, label, description, icon)
const logic = (type: string, label: string, description: string, icon: Icon) => entry('logic', type, label, description, icon)
const integration = (type: string, label: string, description: string, icon: Icon) => entry('integrations', type, label, description, icon)
const forge = (type: string, label: string, description: string, icon: Icon) => entry('forge', type, label, description, icon)

export const blockCatalog: readonly CatalogEntry[] = [
  bubble('text', 'Text', 'A message with formatting, links and variables', IconMessageCircle),
  bubble('image', 'Image', 'A picture or GIF from a URL', IconPhoto),
  bubble('video', 'Video', 'A video file, YouTube or Vimeo link', IconMovie),
  bubble('embed', 'Embed', 'A web page or PDF shown in the chat', IconCode),
  bubble('audio', 'Audio', 'A sound clip played in the chat', IconVolume),
  input('text input', 'Text input', 'Asks for a free text answer', IconForms),
  input('number input', 'Number input', 'Asks for a number, with bounds', IconNumbers),
  input('email input', 'Email input', 'Asks for an email address and checks it', IconMail),
  input('url input', 'Website input', 'Asks for a URL and checks it', IconWorld),
  input('date input', 'Date input', 'Asks for a date or a range of dates', IconCalendar),
  input('time input', 'Time input', 'Asks for a time of day', IconClock),
  input('phone number input', 'Phone input', 'Asks for a phone number with its country', IconPhone),
  input('choice input', 'Buttons', 'Offers buttons; each can lead somewhere else', IconSquareCheck),
  input('picture choice input', 'Picture choice', 'Offers pictures to pick from', IconLayoutGrid),
  input('payment input', 'Payment', 'Takes a payment with Stripe', IconCreditCard),
  input('rating input', 'Rating', 'Asks for a rating with numbers or icons', IconStar),
  input('file input', 'File upload', 'Asks for one or more files', IconUpload),
  input('cards', 'Cards', 'Shows cards with their own buttons', IconCards),
  logic('Set variable', 'Set variable', 'Gives a variable a value, computed or fixed', IconVariable),
  logic('Condition', 'Condition', 'Goes one way or another depending on variables', IconGitBranch),
  logic('Redirect', 'Redirect', 'Sends the user to a URL', IconExternalLink),
  logic('Code', 'Script', 'Runs JavaScript in the chat window', IconTerminal2),
  logic('Typebot link', 'Bot link', 'Continues in another bot or group', IconLink),
  logic('Wait', 'Wait', 'Pauses before going on', IconPlayerPause),
  logic('AB test', 'A/B test', 'Splits users between two paths', IconAB),
  logic('webhook', 'Wait for webhook', 'Pauses until an outside call resumes the chat', IconWebhook),
  logic('Jump', 'Jump', 'Goes to another group', IconArrowForward),
  logic('Return', 'Return', 'Goes back to where the last jump came from', IconArrowBackUp),
  integration('Webhook', 'HTTP request', 'Calls an API and saves the answer in variables', IconApi),
  integration('Google Sheets', 'Google Sheets', 'Reads, adds or updates rows of a sheet', IconTable),
  integration('OpenAI', 'OpenAI (legacy)', 'Chat completion, speech or images with OpenAI', IconBrandOpenai),
  integration('Google Analytics', 'Google Analytics', 'Sends an event to Google Analytics', IconBrandGoogle),
  integration('Email', 'Send email', 'Sends an email through SMTP', IconSend),
  integration('Zapier', 'Zapier', 'Calls a Zapier webhook', IconBrandZapier),
  integration('Make.com', 'Make.com', 'Calls a Make.com webhook', IconPlug),
  integration('Pabbly', 'Pabbly Connect', 'Calls a Pabbly Connect webhook', IconPlug),
  integration('Chatwoot', 'Chatwoot', 'Opens the Chatwoot live chat widget', IconMessages),
  integration('Pixel', 'Meta Pixel', 'Tracks an event with the Meta Pixel', IconTarget),
  forge('openai', 'OpenAI', 'Chat completion, assistants, speech and transcription', IconBrandOpenai),
  forge('anthropic', 'Anthropic', 'Chat with Claude models', IconBrain),
  forge('mistral', 'Mistral', 'Chat with Mistral models, extract variables', IconWind),
  forge('groq', 'Groq', 'Chat completion with models hosted by Groq', IconSparkles),
  forge('deepseek', 'DeepSeek', 'Chat completion with DeepSeek models', IconSparkles),
  forge('perplexity', 'Perplexity', 'Answers with web search from Perplexity', IconSparkles),
  forge('together-ai', 'Together AI', 'Chat completion with open models on Together', IconSparkles),
  forge('open-router', 'OpenRouter', 'Chat completion through OpenRouter', IconSparkles),
  forge('elevenlabs', 'ElevenLabs', 'Turns text into speech', IconMicrophone),
  forge('dify-ai', 'Dify.AI', 'Chat with a Dify app or query its knowledge', IconRobot),
  forge('chat-node', 'ChatNode', 'Sends a message to a ChatNode bot', IconRobot),
  forge('posthog', 'PostHog', 'Captures events and identifies groups', IconChartBar),
  forge('segment', 'Segment', 'Identifies users and tracks events', IconChartBar),
  forge('nocodb', 'NocoDB', 'Searches, creates or updates records', IconDatabase),
  forge('blink', 'Blink', 'Sends feed events and looks up users in Blink', IconMessages),
  forge('cal-com', 'Cal.com', 'Lets the user book an event', IconCalendarEvent),
  forge('gmail', 'Gmail', 'Sends an email from a Gmail account', IconBrandGmail),
  forge('qr-code', 'QR code', 'Makes a QR code image from text', IconQrcode),
  forge('zendesk', 'Zendesk', 'Opens the Zendesk web widget', IconHeadset),
]

const byType = new Map(blockCatalog.map((e) => [e.type, e]))
/** The catalog entry of a block type, if the editor knows it. */
export const catalogEntry = (type: string): CatalogEntry | undefined => byType.get(type)

// Deep copies: the defaults are shared constants, a block must own its options.
const copy = <T>(value: T): T => structuredClone(value) as T

const richTextParagraph = () => [{ type: 'p', children: [{ text: '' }] }]
const emptyCondition = () => ({ id: newId(), content: { logicalOperator: 'AND', comparisons: [{ id: newId() }] } })

/** The kind-specific fields of a new block of `type` (besides `id` and `type`). */
const defaultsFor = (type: string): Record<string, unknown> => {
  switch (type) {
    case 'text':
      return { content: { richText: richTextParagraph() } }
    case 'embed':
      return { content: copy(defaultEmbedBubbleContent) }
    case 'image':
    case 'video':
    case 'audio':
      return { content: {} }
    case 'text input':
      return { options: copy(defaultTextInputOptions) }
    case 'number input':
      return { options: copy(defaultNumberInputOptions) }
    case 'email input':
      return { options: copy(defaultEmailInputOptions) }
    case 'url input':
      return { options: copy(defaultUrlInputOptions) }
    case 'date input':
      return { options: copy(defaultDateInputOptions) }
    case 'time input':
      return { options: copy(defaultTimeInputOptions) }
    case 'phone number input':
      return { options: copy(defaultPhoneInputOptions) }
    case 'choice input':
      return { items: [{ id: newId(), content: '' }], options: copy(defaultChoiceInputOptions) }
    case 'picture choice input':
      return { items: [{ id: newId() }], options: copy(defaultPictureChoiceOptions) }
    case 'payment input':
      return { options: copy(defaultPaymentInputOptions) }
    case 'rating input':
      return { options: copy(defaultRatingInputOptions) }
    case 'file input':
      return { options: copy(defaultFileInputOptions) }
    case 'cards':
      return { items: [{ id: newId(), title: '', paths: [{ id: newId(), text: 'Select' }] }], options: {} }
    case 'Set variable':
      return { options: copy(defaultSetVariableOptions) }
    case 'Condition':
      return { items: [emptyCondition()] }
    case 'AB test':
      return {
        items: [
          { id: newId(), path: 'a' },
          { id: newId(), path: 'b' },
        ],
        options: copy(defaultAbTestOptions),
      }
    case 'Webhook':
      return {
        options: { ...copy(defaultHttpRequestOptions), webhook: { method: 'POST', headers: [], queryParams: [] }, responseVariableMapping: [] },
      }
    case 'Email':
      return { options: copy(defaultSendEmailOptions) }
    case 'Chatwoot':
      return { options: copy(defaultChatwootOptions) }
    case 'OpenAI':
      return { options: { task: 'Create chat completion', messages: [], responseMapping: [] } }
    default: {
      const actions = forgeActions(type)
      return actions ? { options: { action: actions[0].name } } : { options: {} }
    }
  }
}

/** A new block of `type` with a fresh id and its kind's defaults. */
export const createBlock = (type: string): Block => ({ id: newId(), type, ...defaultsFor(type) }) as Block

// The one list of the kinds' cards (src/contract/bot/card.ts): what browser code knows of each kind, declared in
// the kind's folder (<category>/<kind>/editor.ts, zod and contract/ only) beside its schema. Browser-safe, like
// ./schemas.ts: the editor, analytics and the results read kinds here. A new kind is one line here, as in
// ./index.ts (its behaviour) and ./schemas.ts (its schema); cards.test.ts checks that the three lists agree.
import type { BlockCard } from '../contract/bot/card.js'
import { card as abTestCard } from './logic/abTest/editor.js'
import { card as anthropicCard } from './forge/anthropic/editor.js'
import { card as audioBubbleCard } from './bubbles/audio/editor.js'
import { card as blinkCard } from './forge/blink/editor.js'
import { card as calComCard } from './forge/cal-com/editor.js'
import { card as cardsInputCard } from './inputs/cards/editor.js'
import { card as chatNodeCard } from './forge/chat-node/editor.js'
import { card as chatwootCard } from './integrations/chatwoot/editor.js'
import { card as choiceInputCard } from './inputs/choice/editor.js'
import { card as conditionCard } from './logic/condition/editor.js'
import { card as dateInputCard } from './inputs/date/editor.js'
import { card as deepseekCard } from './forge/deepseek/editor.js'
import { card as difyAiCard } from './forge/dify-ai/editor.js'
import { card as elevenlabsCard } from './forge/elevenlabs/editor.js'
import { card as emailInputCard } from './inputs/email/editor.js'
import { card as sendEmailCard } from './integrations/email/editor.js'
import { card as embedBubbleCard } from './bubbles/embed/editor.js'
import { card as fileInputCard } from './inputs/file/editor.js'
import { card as gmailCard } from './forge/gmail/editor.js'
import { card as googleAnalyticsCard } from './integrations/googleAnalytics/editor.js'
import { card as googleSheetsCard } from './integrations/googleSheets/editor.js'
import { card as groqCard } from './forge/groq/editor.js'
import { card as httpRequestCard } from './integrations/httpRequest/editor.js'
import { card as imageBubbleCard } from './bubbles/image/editor.js'
import { card as jumpCard } from './logic/jump/editor.js'
import { card as makeComCard } from './integrations/makeCom/editor.js'
import { card as mistralCard } from './forge/mistral/editor.js'
import { card as nocodbCard } from './forge/nocodb/editor.js'
import { card as numberInputCard } from './inputs/number/editor.js'
import { card as openRouterCard } from './forge/open-router/editor.js'
import { card as openaiCard } from './forge/openai/editor.js'
import { card as legacyOpenAICard } from './integrations/openai/editor.js'
import { card as pabblyCard } from './integrations/pabbly/editor.js'
import { card as paymentInputCard } from './inputs/payment/editor.js'
import { card as perplexityCard } from './forge/perplexity/editor.js'
import { card as phoneInputCard } from './inputs/phone/editor.js'
import { card as pictureChoiceInputCard } from './inputs/pictureChoice/editor.js'
import { card as pixelCard } from './integrations/pixel/editor.js'
import { card as posthogCard } from './forge/posthog/editor.js'
import { card as qrCodeCard } from './forge/qrCode/editor.js'
import { card as ratingInputCard } from './inputs/rating/editor.js'
import { card as redirectCard } from './logic/redirect/editor.js'
import { card as returnBlockCard } from './logic/return/editor.js'
import { card as scriptCard } from './logic/script/editor.js'
import { card as segmentCard } from './forge/segment/editor.js'
import { card as setVariableCard } from './logic/setVariable/editor.js'
import { card as textBubbleCard } from './bubbles/text/editor.js'
import { card as textInputCard } from './inputs/text/editor.js'
import { card as timeInputCard } from './inputs/time/editor.js'
import { card as togetherAiCard } from './forge/together-ai/editor.js'
import { card as typebotLinkCard } from './logic/typebotLink/editor.js'
import { card as urlInputCard } from './inputs/url/editor.js'
import { card as videoBubbleCard } from './bubbles/video/editor.js'
import { card as waitCard } from './logic/wait/editor.js'
import { card as webhookCard } from './logic/webhook/editor.js'
import { card as zapierCard } from './integrations/zapier/editor.js'
import { card as zendeskCard } from './forge/zendesk/editor.js'

/** Every kind's card, in the palette's order within each category. */
export const allCards: readonly BlockCard[] = [
  textBubbleCard,
  imageBubbleCard,
  videoBubbleCard,
  embedBubbleCard,
  audioBubbleCard,
  textInputCard,
  numberInputCard,
  emailInputCard,
  urlInputCard,
  dateInputCard,
  timeInputCard,
  phoneInputCard,
  choiceInputCard,
  pictureChoiceInputCard,
  paymentInputCard,
  ratingInputCard,
  fileInputCard,
  cardsInputCard,
  setVariableCard,
  conditionCard,
  redirectCard,
  scriptCard,
  typebotLinkCard,
  waitCard,
  abTestCard,
  webhookCard,
  jumpCard,
  returnBlockCard,
  httpRequestCard,
  googleSheetsCard,
  legacyOpenAICard,
  googleAnalyticsCard,
  sendEmailCard,
  zapierCard,
  makeComCard,
  pabblyCard,
  chatwootCard,
  pixelCard,
  openaiCard,
  anthropicCard,
  mistralCard,
  groqCard,
  deepseekCard,
  perplexityCard,
  togetherAiCard,
  openRouterCard,
  elevenlabsCard,
  difyAiCard,
  chatNodeCard,
  posthogCard,
  segmentCard,
  nocodbCard,
  blinkCard,
  calComCard,
  gmailCard,
  qrCodeCard,
  zendeskCard,
]

const byType = new Map(allCards.map((card) => [card.type, card]))

/** The card of a block type; undefined for a kind this build does not know (kept as it is, shown as JSON). */
export const cardOf = (type: string): BlockCard | undefined => byType.get(type)

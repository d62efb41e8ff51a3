// The one list of block kinds this server runs. Each kind lives in its own folder (blocks/<category>/<kind>/); adding
// a kind is its folder plus one line here. The list is handed to the engine where the server is wired together.
import { type BlockKind, kindRegistry } from '../engine/kinds.js'
import { audioBubble } from './bubbles/audio/kind.js'
import { embedBubble } from './bubbles/embed/kind.js'
import { imageBubble } from './bubbles/image/kind.js'
import { textBubble } from './bubbles/text/kind.js'
import { videoBubble } from './bubbles/video/kind.js'
import { forgedAnthropic } from './forge/anthropic/kind.js'
import { forgedBlink } from './forge/blink/kind.js'
import { forgedCalCom } from './forge/cal-com/kind.js'
import { forgedChatNode } from './forge/chat-node/kind.js'
import { forgedDeepseek } from './forge/deepseek/kind.js'
import { forgedDifyAi } from './forge/dify-ai/kind.js'
import { elevenlabs } from './forge/elevenlabs/kind.js'
import { forgedGmail } from './forge/gmail/kind.js'
import { forgedGroq } from './forge/groq/kind.js'
import { forgedMistral } from './forge/mistral/kind.js'
import { forgedNocodb } from './forge/nocodb/kind.js'
import { forgedOpenRouter } from './forge/open-router/kind.js'
import { forgedOpenai } from './forge/openai/kind.js'
import { forgedPerplexity } from './forge/perplexity/kind.js'
import { forgedPosthog } from './forge/posthog/kind.js'
import { qrCode } from './forge/qrCode/kind.js'
import { forgedSegment } from './forge/segment/kind.js'
import { forgedTogetherAi } from './forge/together-ai/kind.js'
import { forgedZendesk } from './forge/zendesk/kind.js'
import { cardsInput } from './inputs/cards/kind.js'
import { choiceInput } from './inputs/choice/kind.js'
import { dateInput } from './inputs/date/kind.js'
import { emailInput } from './inputs/email/kind.js'
import { fileInput } from './inputs/file/kind.js'
import { numberInput } from './inputs/number/kind.js'
import { paymentInput } from './inputs/payment/kind.js'
import { phoneInput } from './inputs/phone/kind.js'
import { pictureChoiceInput } from './inputs/pictureChoice/kind.js'
import { ratingInput } from './inputs/rating/kind.js'
import { textInput } from './inputs/text/kind.js'
import { timeInput } from './inputs/time/kind.js'
import { urlInput } from './inputs/url/kind.js'
import { chatwoot } from './integrations/chatwoot/kind.js'
import { sendEmail } from './integrations/email/kind.js'
import { googleAnalytics } from './integrations/googleAnalytics/kind.js'
import { googleSheets } from './integrations/googleSheets/kind.js'
import { httpRequest } from './integrations/httpRequest/kind.js'
import { makeCom } from './integrations/makeCom/kind.js'
import { openAI } from './integrations/openai/kind.js'
import { pabbly } from './integrations/pabbly/kind.js'
import { pixel } from './integrations/pixel/kind.js'
import { zapier } from './integrations/zapier/kind.js'
import { abTest } from './logic/abTest/kind.js'
import { condition } from './logic/condition/kind.js'
import { jump } from './logic/jump/kind.js'
import { redirect } from './logic/redirect/kind.js'
import { returnBlock } from './logic/return/kind.js'
import { script } from './logic/script/kind.js'
import { setVariable } from './logic/setVariable/kind.js'
import { typebotLink } from './logic/typebotLink/kind.js'
import { wait } from './logic/wait/kind.js'
import { webhookListener } from './logic/webhook/kind.js'

export const allKinds: BlockKind[] = [
  textBubble,
  imageBubble,
  videoBubble,
  audioBubble,
  embedBubble,
  textInput,
  numberInput,
  emailInput,
  urlInput,
  phoneInput,
  dateInput,
  timeInput,
  choiceInput,
  pictureChoiceInput,
  ratingInput,
  fileInput,
  paymentInput,
  cardsInput,
  setVariable,
  condition,
  redirect,
  script,
  typebotLink,
  wait,
  abTest,
  webhookListener,
  jump,
  returnBlock,
  httpRequest,
  zapier,
  makeCom,
  pabbly,
  sendEmail,
  chatwoot,
  googleAnalytics,
  pixel,
  googleSheets,
  openAI,
  forgedOpenai,
  forgedMistral,
  forgedPosthog,
  forgedSegment,
  forgedNocodb,
  forgedBlink,
  forgedGmail,
  forgedCalCom,
  forgedZendesk,
  elevenlabs,
  qrCode,
  forgedAnthropic,
  forgedGroq,
  forgedDeepseek,
  forgedPerplexity,
  forgedTogetherAi,
  forgedOpenRouter,
  forgedDifyAi,
  forgedChatNode,
]

/** The kinds by block type, as the engine takes them. */
export const kinds = kindRegistry(allKinds)

/** The kinds' cards (what the editor knows of each), for the application: e.g. the credentials a template's blocks read. */
export { cardOf } from './cards.js'

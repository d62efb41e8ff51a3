// Logic and integration block kinds, by type literal. A block kind missing here answers with a clear log entry.
import { abTest } from '../logic/abTest.js'
import { condition } from '../logic/condition.js'
import { jump } from '../logic/jump.js'
import { redirect } from '../logic/redirect.js'
import { returnBlock } from '../logic/return.js'
import { script } from '../logic/script.js'
import { setVariable } from '../logic/setVariable.js'
import { typebotLink } from '../logic/typebotLink.js'
import { wait } from '../logic/wait.js'
import { httpRequest } from '../integrations/httpRequest.js'
import { makeCom } from '../integrations/makeCom.js'
import { pabbly } from '../integrations/pabbly.js'
import { zapier } from '../integrations/zapier.js'
import { sendEmail } from '../integrations/sendEmail.js'
import { chatwoot } from '../integrations/chatwoot.js'
import { googleAnalytics } from '../integrations/googleAnalytics.js'
import { pixel } from '../integrations/pixel.js'
import { googleSheets } from '../integrations/googleSheets.js'
import { openAI } from '../integrations/openai.js'
import { forgedOpenai } from '../integrations/forgedOpenai.js'
import { forgedMistral } from '../integrations/forgedMistral.js'
import { webhookListener } from '../logic/webhook.js'
import type { ActionKind } from './types.js'

const kinds: ActionKind[] = [
  setVariable, condition, redirect, script, wait, abTest, jump, returnBlock, typebotLink, webhookListener,
  httpRequest, zapier, makeCom, pabbly,
  sendEmail, chatwoot, googleAnalytics, pixel, googleSheets,
  openAI, forgedOpenai, forgedMistral,
]

export const actionKinds: Record<string, ActionKind> = Object.fromEntries(kinds.map((kind) => [kind.type, kind]))

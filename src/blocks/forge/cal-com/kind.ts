// Cal.com plugin block (`cal-com`, "Book event"): like Typebot, a `custom-embed` bubble whose init function loads
// Cal's embed from the block's base origin and shows the event's booking page inline (layout, prefilled name, email,
// notes, phone as location, other answers), and whose wait function sends the booked date back as the reply when
// Cal reports `bookingSuccessful`. The flow waits for that reply and saves it (JSON when it parses) in the chosen
// variable. No credentials: nothing runs on the server but templating.
import type { z } from 'zod'
import type { bookEventOptions } from './schema.js'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind } from '../../../engine/kinds.js'
import { toVariableValue } from '../../../engine/variables.js'
import { configError, parsedOrText, templatedOptions, text } from '../../shared/service.js'

export const DEFAULT_CAL_COM_BASE_URL = 'https://app.cal.com'

const LAYOUTS: Record<string, string> = { Month: 'month_view', Weekly: 'week_view', Columns: 'column_view' }

/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof bookEventOptions>

/** Run by the embed with the args as parameters (plus `typebotElement`, the bubble's container). */
const initScript = `(function (C, A, L) {
  var p = function (a, ar) { a.q.push(ar); };
  var d = C.document;
  C.Cal = C.Cal || function () {
    var cal = C.Cal; var ar = arguments;
    if (!cal.loaded) { cal.ns = {}; cal.q = cal.q || []; d.head.appendChild(d.createElement("script")).src = A; cal.loaded = true; }
    if (ar[0] === L) {
      var api = function () { p(api, arguments); };
      var namespace = ar[1]; api.q = api.q || [];
      if (typeof namespace === "string") { cal.ns[namespace] = cal.ns[namespace] || api; p(cal.ns[namespace], ar); p(cal, ["initNamespace", namespace]); } else p(cal, ar);
      return;
    }
    p(cal, ar);
  };
})(window, baseUrl + "/embed/embed.js", "init");
Cal("init", { origin: baseUrl });
var config = { name: name || undefined, email: email || undefined, notes: additionalNotes || undefined };
if (phone) config.location = JSON.stringify({ value: "phone", optionValue: phone });
if (otherPrefilledInformations) for (var key in otherPrefilledInformations) config[key] = otherPrefilledInformations[key];
Cal("inline", { elementOrSelector: typebotElement, calLink: link, layout: layout, config: config });
Cal("ui", { hideEventTypeDetails: false, layout: layout });`

/** Run by the embed with `continueFlow(text)`, which sends the text as the user's reply. */
const waitScript = `var onBooked = function (e) {
  Cal("off", { action: "bookingSuccessful", callback: onBooked });
  continueFlow(e.detail.data.date);
};
Cal("on", { action: "bookingSuccessful", callback: onBooked });`

export const forgedCalCom: ActionKind<GenericBlock> = {
  type: 'cal-com',
  category: 'integration',
  async execute(block, ctx) {
    const options = await templatedOptions<Options>(block.options, ctx)
    if (options.action !== 'Book event')
      return { logs: [configError(options.action ? `Cal.com "${options.action}" is not an action of this block.` : 'cal-com is not configured')] }
    const link = text(options.link)
    if (!link) return { logs: [configError('Cal.com Book event: the block has no event link; the flow went on past it.')] }
    const prefilled = (options.anyPrefilledInformations ?? []).flatMap((p) =>
      text(p.questionId) && text(p.value) ? [[text(p.questionId), text(p.value)]] : [],
    )
    const args = {
      baseUrl: text(options.baseUrl) ?? DEFAULT_CAL_COM_BASE_URL,
      // `user/event`: Cal's inline embed takes the link without its origin.
      link: link.replace(/http.+:\/\/[^/]+\//, ''),
      name: text(options.name) ?? null,
      email: text(options.email) ?? null,
      layout: LAYOUTS[options.layout ?? ''] ?? 'month_view',
      phone: text(options.phone) ?? null,
      additionalNotes: text(options.additionalNotes) ?? null,
      otherPrefilledInformations: prefilled.length ? Object.fromEntries(prefilled) : null,
    }
    const message = {
      id: block.id,
      type: 'custom-embed',
      content: { url: link, initFunction: { args, content: initScript }, waitForEventFunction: { args: {}, content: waitScript } },
    }
    return { messages: [message], waitsForReply: true }
  },
  resume(block, reply) {
    const variableId = (block.options as Options | undefined)?.saveBookedDateInVariableId
    if (!variableId || reply?.type !== 'text') return {}
    return { variableUpdates: [{ variableId, value: toVariableValue(parsedOrText(reply.text)) }] }
  },
}

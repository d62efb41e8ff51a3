// Shapes shared by every Typebot v6 bot: variables, edges, groups, events, conditions, theme and settings.
// Identity and graph fields are validated strictly; everything is a loose object so no key is ever dropped.
import { z } from 'zod'
import { builtInTexts } from './builtInTexts.js'

/** Lenient field: optional and null-tolerant (exports from various Typebot builds write both). */
export const opt = <T extends z.ZodType>(schema: T) => schema.nullish()

/**
 * Validates a record with the schema `pick` chooses for it (or only as a record when it returns nothing).
 * Used instead of `z.union` so that issues point at the offending field rather than "Invalid input".
 */
export const dispatchSchema = <T>(pick: (value: Record<string, unknown>) => z.ZodType | undefined) =>
  z.looseObject({}).superRefine((value, ctx) => {
    const result = pick(value)?.safeParse(value)
    if (result && !result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue })
  }) as unknown as z.ZodType<T>

export const graphCoordinatesSchema = z.looseObject({ x: z.number(), y: z.number() })
export type GraphCoordinates = z.infer<typeof graphCoordinatesSchema>

export const variableSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  value: z.union([z.string(), z.array(z.string().nullable())]).nullish(),
  isSessionVariable: z.boolean().optional(),
})
export type Variable = z.infer<typeof variableSchema>

const blockSourceSchema = z.looseObject({
  blockId: z.string(),
  itemId: z.string().optional(),
  pathId: z.string().optional(),
})
const eventSourceSchema = z.looseObject({ eventId: z.string() })
export type BlockSource = z.infer<typeof blockSourceSchema>
export type EventSource = z.infer<typeof eventSourceSchema>
export const isEventSource = (from: BlockSource | EventSource): from is EventSource => 'eventId' in from

export const edgeSchema = z.looseObject({
  id: z.string(),
  from: dispatchSchema<BlockSource | EventSource>((from) => ('eventId' in from ? eventSourceSchema : blockSourceSchema)),
  to: z.looseObject({ groupId: z.string(), blockId: z.string().optional() }),
})
export type Edge = z.infer<typeof edgeSchema>

export const LogicalOperator = { AND: 'AND', OR: 'OR' } as const
export type LogicalOperator = (typeof LogicalOperator)[keyof typeof LogicalOperator]

export const ComparisonOperators = {
  EQUAL: 'Equal to',
  NOT_EQUAL: 'Not equal',
  CONTAINS: 'Contains',
  NOT_CONTAINS: 'Does not contain',
  GREATER: 'Greater than',
  LESS: 'Less than',
  GREATER_OR_EQUAL: 'Greater or equal to',
  LESS_OR_EQUAL: 'Less or equal to',
  IS_SET: 'Is set',
  IS_EMPTY: 'Is empty',
  STARTS_WITH: 'Starts with',
  ENDS_WITH: 'Ends with',
  MATCHES_REGEX: 'Matches regex',
  NOT_MATCH_REGEX: 'Does not match regex',
} as const
export type ComparisonOperator = (typeof ComparisonOperators)[keyof typeof ComparisonOperators]

export const logicalOperatorSchema = z.enum(LogicalOperator)
export const comparisonOperatorSchema = z.enum(ComparisonOperators)

// Comparison ids play no part at runtime, so they are tolerated when missing.
export const comparisonSchema = z.looseObject({
  id: opt(z.string()),
  variableId: opt(z.string()),
  comparisonOperator: opt(comparisonOperatorSchema),
  value: opt(z.string()),
})
export type Comparison = z.infer<typeof comparisonSchema>

export const conditionSchema = z.looseObject({
  logicalOperator: opt(logicalOperatorSchema),
  comparisons: opt(z.array(comparisonSchema)),
})
export type Condition = z.infer<typeof conditionSchema>

/** Block fields common to every kind; kind-specific schemas live in `./blocks/`. */
export const blockBaseSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  outgoingEdgeId: z.string().optional(),
})
export type BlockBase = z.infer<typeof blockBaseSchema>

/** A group with blocks checked only for their common fields (see `groupV6Schema` in `./bot.ts` for the full check). */
export const groupSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  graphCoordinates: graphCoordinatesSchema,
  blocks: z.array(blockBaseSchema),
})
export type Group = z.infer<typeof groupSchema>

export const EventType = {
  START: 'start',
  COMMAND: 'command',
  REPLY: 'reply',
  INVALID_REPLY: 'invalidReply',
} as const

const eventBaseSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  outgoingEdgeId: z.string().optional(),
  graphCoordinates: graphCoordinatesSchema,
  options: opt(z.looseObject({})),
})
// Reply and invalid-reply events save the reply (text, or an audio clip's URL), the input's type and the title of
// the input's group in variables.
const replyEventOptionsSchema = z.looseObject({
  contentVariableId: opt(z.string()),
  inputTypeVariableId: opt(z.string()),
  inputNameVariableId: opt(z.string()),
})

export const startEventSchema = eventBaseSchema.extend({ type: z.literal(EventType.START) })
export const commandEventSchema = eventBaseSchema.extend({
  type: z.literal(EventType.COMMAND),
  options: opt(z.looseObject({ command: opt(z.string()), resumeAfter: opt(z.boolean()) })),
})
export const replyEventSchema = eventBaseSchema.extend({
  type: z.literal(EventType.REPLY),
  options: opt(replyEventOptionsSchema),
})
export const invalidReplyEventSchema = eventBaseSchema.extend({
  type: z.literal(EventType.INVALID_REPLY),
  options: opt(replyEventOptionsSchema),
})
export type StartEvent = z.infer<typeof startEventSchema>
export type CommandEvent = z.infer<typeof commandEventSchema>
export type ReplyEvent = z.infer<typeof replyEventSchema>
export type InvalidReplyEvent = z.infer<typeof invalidReplyEventSchema>
/** Events of kinds this service does not know are kept with their common fields checked. */
export type UnknownEvent = z.infer<typeof eventBaseSchema>
export type Event = StartEvent | CommandEvent | ReplyEvent | InvalidReplyEvent | UnknownEvent

const eventSchemaByType: Record<string, z.ZodType> = {
  [EventType.START]: startEventSchema,
  [EventType.COMMAND]: commandEventSchema,
  [EventType.REPLY]: replyEventSchema,
  [EventType.INVALID_REPLY]: invalidReplyEventSchema,
}
export const eventSchema = dispatchSchema<Event>((event) =>
  typeof event.type === 'string' && Object.hasOwn(eventSchemaByType, event.type) ? eventSchemaByType[event.type] : eventBaseSchema,
)

// Theme: visual only, so enum-like fields stay plain strings.
const borderThemeSchema = z.looseObject({
  thickness: opt(z.number()),
  color: opt(z.string()),
  roundeness: opt(z.string()),
  customRoundeness: opt(z.number()),
  opacity: opt(z.number()),
})
const containerThemeSchema = z.looseObject({
  backgroundColor: opt(z.string()),
  color: opt(z.string()),
  blur: opt(z.number()),
  opacity: opt(z.number()),
  shadow: opt(z.string()),
  border: opt(borderThemeSchema),
})
const avatarThemeSchema = z.looseObject({ isEnabled: opt(z.boolean()), url: opt(z.string()) })

export const themeSchema = z.looseObject({
  general: opt(
    z.looseObject({
      // A plain family name, or `{ type: 'Google' | 'Custom', family, css, url }` in newer builds.
      font: opt(z.union([z.string(), z.looseObject({ type: opt(z.string()), family: opt(z.string()) })])),
      background: opt(z.looseObject({ type: opt(z.string()), content: opt(z.string()) })),
      progressBar: opt(
        z.looseObject({
          isEnabled: opt(z.boolean()),
          color: opt(z.string()),
          backgroundColor: opt(z.string()),
          placement: opt(z.string()),
          thickness: opt(z.number()),
          position: opt(z.string()),
        }),
      ),
    }),
  ),
  chat: opt(
    z.looseObject({
      container: opt(containerThemeSchema.extend({ maxWidth: opt(z.string()), maxHeight: opt(z.string()) })),
      hostAvatar: opt(avatarThemeSchema),
      guestAvatar: opt(avatarThemeSchema),
      hostBubbles: opt(containerThemeSchema),
      guestBubbles: opt(containerThemeSchema),
      buttons: opt(containerThemeSchema),
      inputs: opt(containerThemeSchema.extend({ placeholderColor: opt(z.string()) })),
      roundness: opt(z.string()),
      buttonsInput: opt(z.looseObject({ layout: opt(z.string()) })),
      // Parley's own (Typebot issue 1458): only the bubbles since the user's last answer show, earlier ones on demand.
      hidePreviousBubbles: opt(z.boolean()),
    }),
  ),
  customCss: opt(z.string()),
})
export type Theme = z.infer<typeof themeSchema>

export const defaultSystemMessages = {
  // The one of these the server says (in the bot's language: builtInTexts.ts).
  invalidMessage: builtInTexts.en.invalidMessage,
  botClosed: 'This bot is now closed',
  networkErrorTitle: 'Network Error',
  networkErrorMessage: 'Please check your internet connection and try again.',
  popupBlockedTitle: 'Popup blocked',
  popupBlockedDescription: 'The bot wants to open a new tab but it was blocked by your browser. It needs a manual approval.',
  popupBlockedButtonLabel: 'Continue in new tab',
  fileUploadError: 'An error occured while uploading the files',
  fileUploadSizeError: '[[file]] is larger than [[limit]]MB',
  whatsAppPictureChoiceSelectLabel: 'Select',
} as const

/** Values the engine falls back to when a setting is absent (stored bots usually omit defaults). */
export const defaultSettings = {
  general: {
    isBrandingEnabled: false,
    isTypingEmulationEnabled: true,
    isInputPrefillEnabled: false,
    isHideQueryParamsEnabled: true,
    isNewResultOnRefreshEnabled: true,
    rememberUser: { isEnabled: false, storage: 'session' },
  },
  typingEmulation: { enabled: true, speed: 400, maxDelay: 3, delayBetweenBubbles: 0, isDisabledOnFirstMessage: true },
  whatsApp: { sessionExpiryTimeout: 4 },
  telegram: { sessionExpiryTimeout: 4 },
} as const

const systemMessagesSchema = z.looseObject(
  Object.fromEntries(Object.keys(defaultSystemMessages).map((key) => [key, opt(z.string())])) as Record<
    keyof typeof defaultSystemMessages,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
)
export type SystemMessages = z.infer<typeof systemMessagesSchema>

/**
 * A messaging channel's settings (settings.whatsApp, settings.telegram): whether the bot answers there, which first
 * message starts it (compared with the message's text), and the hours after which a quiet chat starts over.
 */
const channelSettingsSchema = z.looseObject({
  isEnabled: opt(z.boolean()),
  startCondition: opt(conditionSchema),
  sessionExpiryTimeout: opt(z.number()),
})

/** An IANA time zone name this runtime knows ("Europe/Paris"). */
const timeZoneSchema = z
  .string()
  .max(100)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'An IANA time zone such as "Europe/Paris"')

/** A moment with its offset ("2026-12-01T09:00:00+01:00" or "…Z"): when a scheduled bot opens or closes. */
const momentSchema = z.iso.datetime({ offset: true }).meta({ format: 'date-time' })

export const settingsSchema = z.looseObject({
  general: opt(
    z.looseObject({
      isBrandingEnabled: opt(z.boolean()),
      isTypingEmulationEnabled: opt(z.boolean()),
      isInputPrefillEnabled: opt(z.boolean()),
      isHideQueryParamsEnabled: opt(z.boolean()),
      isNewResultOnRefreshEnabled: opt(z.boolean()),
      // Parley's own: the language the bot speaks (a BCP 47 tag such as "pt-BR"), for the hosted page's `lang` and
      // the widget's built-in texts. Typebot has none (its pages say "en").
      language: opt(
        z
          .string()
          .max(35)
          .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'A language tag such as "en", "pt-BR" or "fr"'),
      ),
      rememberUser: opt(
        z.looseObject({
          isEnabled: opt(z.boolean()),
          storage: opt(z.enum(['session', 'local'])),
          // Parley's own (Typebot issue 2068): a remembered visitor whose chat has ended starts a new result.
          restartOnEnd: opt(z.boolean()),
        }),
      ),
      systemMessages: opt(systemMessagesSchema),
      chatLimits: opt(
        z.looseObject({
          isEnabled: opt(z.boolean()),
          limit: opt(z.number()),
          limitType: opt(z.enum(['daily', 'weekly', 'monthly', 'total'])),
        }),
      ),
      // Parley's own (src/domain/availability.ts): the published bot takes new chats only from `opensAt` and until
      // `closesAt` (either may be absent); outside, it answers as a closed bot. `timeZone` is only the zone the
      // editor shows and enters these times in: the moments carry their own offsets.
      opensAt: opt(momentSchema.meta({ description: 'New chats are refused (bot_closed) before this moment.' })),
      closesAt: opt(momentSchema.meta({ description: 'New chats are refused (bot_closed) from this moment on.' })),
      timeZone: opt(timeZoneSchema.meta({ description: 'The IANA time zone the editor shows opensAt and closesAt in.' })),
      // Parley's own: false makes the bot embed-only (its hosted page answers 404; the widget and the API still chat).
      isHostedPageEnabled: opt(z.boolean().meta({ description: 'False: the hosted page answers 404, embeds and the API still chat.' })),
    }),
  ),
  typingEmulation: opt(
    z.looseObject({
      enabled: opt(z.boolean()),
      speed: opt(z.number()),
      maxDelay: opt(z.number()),
      delayBetweenBubbles: opt(z.number()),
      isDisabledOnFirstMessage: opt(z.boolean()),
    }),
  ),
  metadata: opt(
    z.looseObject({
      title: opt(z.string()),
      description: opt(z.string()),
      imageUrl: opt(z.string()),
      favIconUrl: opt(z.string()),
      customHeadCode: opt(z.string()),
      googleTagManagerId: opt(z.string()),
      allowIndexing: opt(z.boolean()),
    }),
  ),
  whatsApp: opt(channelSettingsSchema),
  // Parley's own: the same settings for Telegram (Typebot has no Telegram channel).
  telegram: opt(channelSettingsSchema),
  // Typebot's: anyone may read the flow in Typebot's builder (not the hosted page: see general.isHostedPageEnabled).
  publicShare: opt(z.looseObject({ isEnabled: opt(z.boolean()) })),
  security: opt(z.looseObject({ allowedOrigins: opt(z.array(z.string())) })),
})
export type Settings = z.infer<typeof settingsSchema>

/**
 * Whether the bot has a hosted page (`/{publicId}`); embed-only bots (isHostedPageEnabled false) have none. The
 * server answers by it and the Share tab says it.
 */
export const hasHostedPage = (settings: Settings | undefined) => settings?.general?.isHostedPageEnabled !== false

/** The settings as bots are validated and the API documents them: with the checks across fields. */
export const botSettingsSchema = settingsSchema
  .superRefine((settings, ctx) => {
    const { opensAt, closesAt } = settings.general ?? {}
    if (opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt)) {
      ctx.addIssue({ code: 'custom', path: ['general', 'closesAt'], message: 'The closing time must come after the opening time.' })
    }
  })
  .meta({ id: 'BotSettings' })

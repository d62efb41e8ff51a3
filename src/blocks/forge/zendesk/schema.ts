// The Zendesk block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { s } from '../../../contract/bot/forgedOptions.js'

/** What "Open Web Widget" reads. */
export const openWebWidgetOptions = z.object({ credentialsId: s, webWidgetKey: s, userId: s, name: s, email: s })

export const actions: BlockAction[] = [{ name: 'Open Web Widget', options: openWebWidgetOptions }]

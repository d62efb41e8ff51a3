// The ElevenLabs block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { s } from '../../../contract/bot/forgedOptions.js'

/** What "Convert text to speech" reads. */
export const convertTextToSpeechOptions = z.object({ credentialsId: s, text: s, voiceId: s, modelId: s, saveUrlInVariableId: s })

export const actions: BlockAction[] = [{ name: 'Convert text to speech', options: convertTextToSpeechOptions }]

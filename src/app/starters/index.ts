// Starter bots bundled with Parley (our own, in Typebot's v6 format): listed on the dashboard, created like imports.
import { customerFeedback } from './feedback.js'
import { faq } from './faq.js'
import { leadCapture } from './leadCapture.js'

const starters = [leadCapture, customerFeedback, faq]

export const createStarters = () => ({
  list: () => starters.map(({ id, name, description }) => ({ id, name, description })),
  /** A fresh copy of the starter's document, or undefined for an unknown id. */
  doc: (id: string): Record<string, unknown> | undefined => {
    const starter = starters.find((s) => s.id === id)
    return starter && structuredClone(starter.bot)
  },
})

export type StartersApp = ReturnType<typeof createStarters>

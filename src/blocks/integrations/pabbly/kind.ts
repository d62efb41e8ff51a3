// Pabbly: an HTTP request block under another name; like Typebot, its calls get the longest timeout.
import { httpRequestKind } from '../httpRequest/kind.js'

export const pabbly = httpRequestKind('Pabbly', { boundedTimeout: false })

// Make.com: an HTTP request block under another name; like Typebot, its calls get the longest timeout.
import { httpRequestKind } from '../httpRequest/kind.js'

export const makeCom = httpRequestKind('Make.com', { boundedTimeout: false })

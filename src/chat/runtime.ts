// The engine's runtime port on a real server: the clock, randomness, ids and the JavaScript sandbox.
import { randomInt } from 'node:crypto'
import type { Runtime } from '../engine/types.js'
import { newId } from '../lib/ids.js'
import type { HttpClient } from '../integrations/http.js'
import type { Sandbox } from '../sandbox/quickjs.js'

export const createRuntime = (sandbox: Sandbox, http: HttpClient): Runtime => ({
  now: () => new Date(),
  random: () => randomInt(0, 2 ** 47) / 2 ** 47,
  newId,
  evaluate: sandbox.evaluate,
  runScript: sandbox.runScript,
  httpRequest: http,
})

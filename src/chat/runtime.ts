// The engine's runtime port on a real server: the clock, randomness, ids, the JavaScript sandbox, HTTP and email.
import { randomInt } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { Runtime } from '../engine/types.js'
import { newId } from '../lib/ids.js'
import type { HttpClient } from '../integrations/http.js'
import type { Mailer } from '../integrations/smtp.js'
import type { Sandbox } from '../sandbox/quickjs.js'

export const createRuntime = (sandbox: Sandbox, http: HttpClient, mailer: Mailer): Runtime => ({
  now: () => new Date(),
  // The imported `performance`: the global one is reached through a getter, which shows in engine profiles.
  elapsedMs: () => performance.now(),
  pause: () => yieldToEventLoop(),
  random: () => randomInt(0, 2 ** 47) / 2 ** 47,
  newId,
  evaluate: sandbox.evaluate,
  runScript: sandbox.runScript,
  httpRequest: http,
  sendEmail: mailer,
})

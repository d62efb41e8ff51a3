// The engine's ports on a real server: the clock, randomness, ids, the JavaScript sandbox, regexes, HTTP and email.
import { randomInt } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { Runtime } from '../engine/types.js'
import { newId } from '../lib/ids.js'
import type { HttpClient } from './http.js'
import type { RegexTester } from './regex.js'
import type { Sandbox } from './sandbox/pool.js'
import type { Mailer } from './smtp.js'

export const createRuntime = (sandbox: Sandbox, regex: RegexTester, http: HttpClient, mailer: Mailer): Runtime => ({
  now: () => new Date(),
  // The imported `performance`: the global one is reached through a getter, which shows in engine profiles.
  elapsedMs: () => performance.now(),
  pause: () => yieldToEventLoop(),
  random: () => randomInt(0, 2 ** 47) / 2 ** 47,
  newId,
  evaluate: sandbox.evaluate,
  runScript: sandbox.runScript,
  testRegex: regex.test,
  httpRequest: http,
  sendEmail: mailer,
})

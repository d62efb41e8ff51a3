// The editor-scale figure reads frame times from Chromium's trace (bench/lib/editorScale.ts): a frame's time is
// the main-thread work inside it, not its span, so idle waiting for the next frame does not count.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { frameWork } from '../../../bench/lib/editorScale.js'

const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name } })
const task = (pid: number, tid: number, ts: number, dur: number) => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', ts, dur, pid, tid })
const frame = (pid: number, tid: number, id: number, from: number, to: number) => [
  { name: 'AnimationFrame', ph: 's', ts: from, pid, tid, id },
  { name: 'AnimationFrame', ph: 'f', ts: to, pid, tid, id },
]

test('a frame counts the main-thread tasks inside its span, clipped to it, and nothing else', () => {
  const events = [
    meta(1, 1, 'CrRendererMain'),
    meta(1, 2, 'Compositor'),
    // Frame 7: 2 ms of input handling, 10 ms idle, 3 ms rendering; a task straddling its end counts 1 ms.
    ...frame(1, 1, 7, 0, 16_000),
    task(1, 1, 0, 2_000),
    task(1, 1, 12_000, 3_000),
    task(1, 1, 15_000, 5_000),
    // Another thread's work is not the main thread's.
    task(1, 2, 1_000, 10_000),
    // Frame 8 is busy throughout.
    ...frame(1, 1, 8, 20_000, 40_000),
    task(1, 1, 20_000, 20_000),
  ]
  assert.deepEqual(frameWork(events), [6, 20])
})

test("frames are paired by id on their own renderer's main thread; another renderer's tasks are not theirs", () => {
  const events = [
    meta(1, 1, 'CrRendererMain'),
    meta(2, 1, 'CrRendererMain'),
    ...frame(1, 1, 1, 0, 10_000),
    ...frame(2, 1, 1, 0, 10_000),
    task(1, 1, 0, 4_000),
    task(2, 1, 0, 9_000),
    // An unfinished frame is not counted.
    { name: 'AnimationFrame', ph: 's', ts: 50_000, pid: 1, tid: 1, id: 3 },
  ]
  assert.deepEqual(frameWork(events), [4, 9])
})

// A deterministic BlockContext for bubble tests (the evaluator runs code unsandboxed: tests only).
import type { BlockContext, TextFormat } from '../../../../src/engine/types.js'

export const context = (values: Record<string, string | string[]> = {}, textFormat: TextFormat = 'richText'): BlockContext => ({
  variables: Object.entries(values).map(([name, value], i) => ({ id: `v${i}`, name, value })),
  runtime: {
    now: () => new Date('2025-01-01T00:00:00Z'),
    random: () => 0.5,
    newId: () => 'id',
    evaluate: (code, globals) => ({ ok: true, value: new Function(...Object.keys(globals), code)(...Object.values(globals)) }),
    runScript: () => {
      throw new Error('bubbles run no scripts')
    },
    httpRequest: () => {
      throw new Error('bubbles make no requests')
    },
    sendEmail: () => {
      throw new Error('bubbles send no emails')
    },
  },
  textFormat,
  isPreview: false,
  settings: {},
})

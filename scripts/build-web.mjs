#!/usr/bin/env node
// Bundles the web chat widget (web/chat/src) with esbuild: dist/web/parley-chat.js (IIFE exposing window.Parley,
// served at /chat.js) and packages/chat/dist/index.js (ESM, for the @parley/chat npm package). CSS is imported as
// text and injected into each shadow root, so each output is a single file. Prints the gzipped sizes.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const common = {
  entryPoints: [join(root, 'web/chat/src/index.ts')],
  bundle: true,
  minify: true,
  target: 'es2020',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  loader: { '.css': 'text' },
  legalComments: 'none',
  logLevel: 'warning',
}
const outputs = [
  { ...common, format: 'iife', globalName: 'Parley', outfile: join(root, 'dist/web/parley-chat.js') },
  { ...common, format: 'esm', outfile: join(root, 'packages/chat/dist/index.js') },
]
await Promise.all(outputs.map((o) => build(o)))
for (const { outfile } of outputs) {
  const bytes = readFileSync(outfile)
  console.log(`${outfile.slice(root.length + 1)}: ${(bytes.length / 1024).toFixed(1)} KB, ${(gzipSync(bytes).length / 1024).toFixed(1)} KB gzipped`)
}

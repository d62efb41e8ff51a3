#!/usr/bin/env node
// Builds what browsers load from Parley:
// - the web chat widget (web/chat/src) with esbuild: dist/web/parley-chat.js (IIFE exposing window.Parley, served at
//   /chat.js) and packages/chat/dist/index.js (ESM, for the @parley/chat npm package). CSS is imported as text and
//   injected into each shadow root, so each output is a single file;
// - the builder's web application (web/app, React) with Vite: dist/web/app (index.html and hashed assets).
// Prints the gzipped sizes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { build as viteBuild } from 'vite'

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
await viteBuild({ configFile: join(root, 'web/app/vite.config.ts') })
for (const { outfile } of outputs) {
  const bytes = readFileSync(outfile)
  console.log(`${outfile.slice(root.length + 1)}: ${(bytes.length / 1024).toFixed(1)} KB, ${(gzipSync(bytes).length / 1024).toFixed(1)} KB gzipped`)
}
// Brotli and gzip copies next to each asset: the server sends them as they are (@fastify/static preCompressed).
const appDir = join(root, 'dist/web/app/assets')
let appGzipped = 0
for (const name of readdirSync(appDir).filter((f) => /\.(js|css|svg)$/.test(f))) {
  const bytes = readFileSync(join(appDir, name))
  const gz = gzipSync(bytes, { level: 9 })
  appGzipped += gz.length
  writeFileSync(join(appDir, `${name}.gz`), gz)
  writeFileSync(join(appDir, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
}
console.log(`dist/web/app: ${(appGzipped / 1024).toFixed(1)} KB gzipped`)

// The builder's web application: one React app, built into dist/web/app and served by Parley at `/`.
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/web/app', import.meta.url)),
    emptyOutDir: true,
    // Hashed names under /assets are served with a year of caching; index.html never is.
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1500,
  },
  logLevel: 'warn',
})

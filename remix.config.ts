import type { VitePluginConfig } from '@remix-run/dev'

// The Remix plugin's options, kept apart from vite.config.ts so the CLI and tests can read them too.
export const remixConfig: VitePluginConfig = {
  appDirectory: 'app',
  buildDirectory: 'build',
  ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}

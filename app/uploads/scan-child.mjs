// Entry of the upload scan process (app/uploads/scan-pool.server.ts starts it): plain JavaScript so Node can start
// it directly; it registers tsx, then loads the TypeScript scanner. Deno runs TypeScript itself.
if (!('Deno' in globalThis)) {
  const { register } = await import('tsx/esm/api')
  register()
}
await import('./scan-child.ts')

// Entry of the child process that parses and answers one job (jobs/run-isolated.server.ts starts it): plain
// JavaScript so Node can start it directly; it registers tsx, then loads the TypeScript child. Deno (npm run
// start:deno) runs TypeScript itself.
if (!('Deno' in globalThis)) {
  const { register } = await import('tsx/esm/api')
  register()
}
await import('./pipeline-child.ts')

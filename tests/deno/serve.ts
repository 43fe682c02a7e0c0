// Serves the production Remix build under Deno, to prove app/entry.server.tsx renders there too.
// deno run -A tests/deno/serve.ts   (env: DATABASE_URL, PORT)
import { createRequestHandler, type ServerBuild } from '@remix-run/server-runtime'
import { connectDatabase } from '../../app/db.server.ts'

declare const Deno: {
  env: { get(name: string): string | undefined }
  serve(options: { port: number; hostname: string; onListen(): void }, handler: (request: Request) => Promise<Response>): unknown
}

connectDatabase(Deno.env.get('DATABASE_URL')!)
// A computed specifier, so type-checking does not need the build to exist yet.
const buildUrl = new URL('../../build/server/index.js', import.meta.url).href
const build = (await import(buildUrl)) as ServerBuild
const handle = createRequestHandler(build, 'production')
Deno.serve({ port: Number(Deno.env.get('PORT')), hostname: '127.0.0.1', onListen: () => console.log('deno listening') }, (request) => handle(request))

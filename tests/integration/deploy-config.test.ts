import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../app/infra/project-root.server'

/**
 * The deploy files name commands, scripts and paths that live elsewhere: this keeps them honest when those move.
 * (Reads the files as text: a full TOML parser is not a dependency, and fly.toml uses only simple `key = value`.)
 */
const root = projectRoot()
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } }
const dockerfile = read('Dockerfile')
const fly = read('fly.toml')
const ci = read('.ci/run')
const cliMain = read('cli/main.ts')
const deployDoc = read('docs/deploy.md')
const readme = read('README.md')

/** The qfill subcommands cli/main.ts dispatches. */
const subcommands = [...cliMain.matchAll(/case '([a-z]+)':\s*\n\s*return await/g)].map((m) => m[1])

/** A `node bin/qfill.js <command> ...` line must name a real subcommand. */
function expectQfillCommand(line: string) {
  const m = /node bin\/qfill\.js (\w+)/.exec(line)
  expect(m, `"${line}" runs bin/qfill.js`).not.toBeNull()
  expect(subcommands).toContain(m![1])
}

/** Remix flat routes: '/healthz' → app/routes/healthz.ts(x), '/api/status' → app/routes/api.status.ts. */
function routeExists(urlPath: string): boolean {
  const base = path.join(root, 'app/routes', urlPath.replace(/^\//, '').replace(/\//g, '.'))
  return ['.ts', '.tsx'].some((ext) => existsSync(base + ext))
}

function tomlSection(name: string): string {
  const start = fly.indexOf(`[${name}]`)
  if (start < 0) return ''
  const rest = fly.slice(start + name.length + 2)
  const end = rest.search(/^\s*\[/m)
  return end < 0 ? rest : rest.slice(0, end)
}
const tomlValue = (section: string, key: string) => new RegExp(`^\\s*${key}\\s*=\\s*'([^']*)'`, 'm').exec(section)?.[1]
const tomlList = (section: string, key: string) =>
  [...(new RegExp(`^\\s*${key}\\s*=\\s*\\[([^\\]]*)\\]`, 'm').exec(section)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
    (m) => m[1],
  )

describe('Dockerfile', () => {
  const runs = [...dockerfile.matchAll(/^RUN (.+)$/gm)].map((m) => m[1]!)

  it('installs with the same command as CI, never npm ci', () => {
    const ciInstall = /^npm install .*$/m.exec(ci)?.[0]
    expect(ciInstall).toBeTruthy()
    expect(runs).toContain(ciInstall)
    for (const run of runs) expect(run).not.toMatch(/npm ci\b/)
  })

  it('runs only npm scripts that exist', () => {
    for (const run of runs)
      for (const m of run.matchAll(/npm run (\S+)/g)) expect(Object.keys(pkg.scripts)).toContain(m[1])
  })

  it('ends in a slim image running as a non-root user a qfill command', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1)
    const final = stages.at(-1)!
    expect(final.split('\n')[0]).toMatch(/-slim\b/)
    const user = /^USER (\S+)/m.exec(final)?.[1]
    expect(user).toBeTruthy()
    expect(user).not.toMatch(/^(root|0)$/)
    const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(final)![1]!) as string[]
    expectQfillCommand(cmd.join(' '))
  })

  it('copies what the runtime needs and checks the health path', () => {
    for (const m of dockerfile.matchAll(/^COPY (?:--chown=\S+ )?(\S+) \.\/\S*$/gm))
      expect(existsSync(path.join(root, m[1]!)), m[1]).toBe(true)
    const health = /HEALTHCHECK .*?(\/[a-z/]+)'\)/.exec(dockerfile)?.[1]
    expect(health && routeExists(health)).toBe(true)
    expect(/^EXPOSE (\d+)/m.exec(dockerfile)?.[1]).toBe(tomlValue(tomlSection('env'), 'PORT'))
  })
})

describe('fly.toml', () => {
  const processes = tomlSection('processes')
  const groups = Object.fromEntries([...processes.matchAll(/^\s*(\w+)\s*=\s*'([^']+)'/gm)].map((m) => [m[1]!, m[2]!]))

  it('has an app and a worker process group running real qfill commands, the same as the npm scripts', () => {
    expect(Object.keys(groups).sort()).toEqual(['app', 'worker'])
    for (const command of Object.values(groups)) expectQfillCommand(command)
    expect(pkg.scripts.start).toContain(groups.app)
    expect(pkg.scripts.worker).toBe(groups.worker)
    expectQfillCommand(tomlValue(tomlSection('deploy'), 'release_command')!)
    expect(tomlValue(tomlSection('deploy'), 'release_command')).toBe(pkg.scripts['db:migrate'])
  })

  it('routes HTTP to the app group, on the port the server listens on, with a health check on a real route', () => {
    const http = tomlSection('http_service')
    expect(tomlList(http, 'processes')).toEqual(['app'])
    expect(/internal_port\s*=\s*(\d+)/.exec(http)?.[1]).toBe(tomlValue(tomlSection('env'), 'PORT'))
    const checkPath = /path\s*=\s*'([^']+)'/.exec(fly.slice(fly.indexOf('[[http_service.checks]]')))?.[1]
    expect(checkPath).toBe('/healthz')
    expect(routeExists(checkPath!)).toBe(true)
    for (const group of tomlList(tomlSection('[vm]'), 'processes')) expect(Object.keys(groups)).toContain(group)
  })
})

/** Every environment variable the code reads: env.server.ts's schema, plus any direct process.env.NAME read. */
function variablesInCode(): string[] {
  const envModule = read('app/infra/env.server.ts')
  const body = envModule.slice(envModule.indexOf('.object({'), envModule.indexOf('.superRefine('))
  const names = new Set([...body.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!))
  for (const dir of ['app', 'cli', 'jobs', 'deno', 'bin']) {
    for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx|js|mjs)$/.test(file) || /\.test\.ts$/.test(file)) continue
      const text = read(path.join(dir, file))
      for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g))
        names.add((m[1] ?? m[2])!)
    }
  }
  return [...names].sort()
}

describe('docs/deploy.md', () => {
  it('lists every environment variable the code reads, and none it does not', () => {
    const section = deployDoc.slice(deployDoc.indexOf('### Environment variables'))
    const table = section.slice(0, section.search(/\n#{2,3} /))
    const documented = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!).sort()
    const inCode = variablesInCode()
    expect(inCode.length).toBeGreaterThan(25)
    expect(documented).toEqual(inCode)
  })

  it('states what the code does: payments without Stripe answer 503, production refuses without a database', () => {
    expect(deployDoc).not.toMatch(/local test mode/i)
    expect(deployDoc).toMatch(/answers 503 `payments_not_configured`/)
    expect(deployDoc).toMatch(/refuses to start without\s+`DATABASE_URL`/)
  })
})

describe('Node version', () => {
  // graphile-worker 0.18 declares engines node >= 22.18.
  const required = JSON.parse(read('node_modules/graphile-worker/package.json')).engines.node as string

  it('is the same in package.json, the README, deploy.md and the Dockerfile', () => {
    expect(required).toBe('>=22.18.0')
    expect(pkg.engines.node).toBe(required)
    expect(readme).toContain('Node 22.18 or later')
    expect(deployDoc).toContain('Node 22.18 or later')
    for (const text of [readme, deployDoc]) expect(text).not.toMatch(/Node 20\b/)
    for (const m of dockerfile.matchAll(/^FROM node:(\d+)/gm)) expect(Number(m[1])).toBeGreaterThanOrEqual(22)
  })

  it('is checked when the image is built: older Node stops the build', () => {
    const check = /^RUN node -e "(.+)"$/m.exec(dockerfile)?.[1]
    expect(check).toBeTruthy()
    const runWith = (version: string) =>
      spawnSync(process.execPath, [
        '-e',
        `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } }); ${check}`,
      ]).status
    expect(runWith('20.20.2')).toBe(1)
    expect(runWith('22.17.1')).toBe(1)
    expect(runWith('22.18.0')).toBe(0)
    expect(runWith('24.1.0')).toBe(0)
  })
})

describe('npm run start:deno', () => {
  it('runs with named permissions, never all of them, and writes nothing', () => {
    const script = pkg.scripts['start:deno']!
    expect(script).toMatch(/^deno run /)
    expect(script).not.toMatch(/(^| )(-A|--allow-all)( |$)/)
    expect(script).not.toMatch(/--allow-write|--allow-ffi/)
    for (const flag of ['--allow-net', '--allow-env', '--allow-read=', '--allow-sys=', '--allow-run='])
      expect(script).toContain(flag)
  })
})

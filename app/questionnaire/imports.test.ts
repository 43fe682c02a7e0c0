import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The questionnaire module's files import one another in one direction only: no circle, type-only imports
 * included (a type that two files share belongs in a model file both import).
 */
const ROOT = path.resolve(import.meta.dirname)
const IMPORT = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/gm

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  )
}

/** Every import circle among the files, each as the list of files around it. */
export function importCircles(files: string[]): string[][] {
  const edges = new Map(
    files.map((f) => [
      f,
      [...readFileSync(f, 'utf8').matchAll(IMPORT)]
        .flatMap((m) => resolve(f, m[1]!) ?? [])
        .filter((t) => files.includes(t)),
    ]),
  )
  const circles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (f: string) => {
    state.set(f, 'open')
    stack.push(f)
    for (const to of edges.get(f) ?? []) {
      if (state.get(to) === 'open') circles.push([...stack.slice(stack.indexOf(to)), to])
      else if (!state.has(to)) visit(to)
    }
    stack.pop()
    state.set(f, 'done')
  }
  for (const f of files) if (!state.has(f)) visit(f)
  return circles.map((c) => c.map((f) => path.relative(ROOT, f)))
}

describe('app/questionnaire imports', () => {
  it('form no circle', () => {
    expect(importCircles(sourceFiles(ROOT))).toEqual([])
  })

  it('finds a type-only circle when there is one (the check itself works)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qfill-imports-'))
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b'\nexport interface A { b: typeof b }\n")
      writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a'\nexport const b = 1 as unknown as A\n")
      writeFileSync(path.join(dir, 'c.ts'), "import { b } from './b'\nexport const c = b\n")
      const circles = importCircles(sourceFiles(dir)).map((c) => c.map((f) => path.basename(f)))
      expect(circles).toEqual([['a.ts', 'b.ts', 'a.ts']])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

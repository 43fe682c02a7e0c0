import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../app/infra/project-root.server'

/**
 * No import circle among the shipped modules (issue 20), type-only imports included: a circle means two modules
 * that are one concept split in two, or a shared type living in the wrong one.
 */
const ROOT = projectRoot()

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sources(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

const files = ['app', 'jobs', 'cli'].flatMap((d) => sources(path.join(ROOT, d)))
const known = new Set(files)
const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '')
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => known.has(c))
}

const graph = new Map(
  files.map((file) => [
    file,
    [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((m) => resolve(file, m[1]!))
      .filter((t): t is string => t !== undefined),
  ]),
)

/** Strongly connected components of more than one module (Tarjan). */
function circles(): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    for (;;) {
      const w = stack.pop()!
      onStack.delete(w)
      component.push(path.relative(ROOT, w))
      if (w === v) break
    }
    if (component.length > 1) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

describe('imports', () => {
  it('reads the modules and their imports', () => {
    expect(files.length).toBeGreaterThan(200)
    expect([...graph.values()].flat().length).toBeGreaterThan(500)
  })

  it('form no circle', () => {
    expect(circles()).toEqual([])
  })
})

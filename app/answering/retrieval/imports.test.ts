import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = dirname(fileURLToPath(import.meta.url))

/** Relative imports (type-only ones included) of each source file of retrieval/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const name of readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(join(here, name), 'utf8')
    const targets = [...source.matchAll(/from '(\.\/[^']+)'/g)].map((m) => {
      const target = resolve(here, m[1]!)
      return `${target.endsWith('.ts') ? target : target === here ? join(here, 'index') : target}`
        .replace(/\.ts$/, '')
        .slice(here.length + 1)
    })
    graph.set(name.replace(/\.ts$/, ''), targets)
  }
  return graph
}

describe('retrieval imports', () => {
  it('form no circle (types included): shared types live in model.ts', () => {
    const graph = importGraph()
    const circles: string[] = []
    const walk = (node: string, path: string[]) => {
      if (path.includes(node)) {
        circles.push([...path.slice(path.indexOf(node)), node].join(' -> '))
        return
      }
      for (const next of graph.get(node) ?? []) walk(next, [...path, node])
    }
    for (const node of graph.keys()) walk(node, [])
    expect(circles).toEqual([])
  })
})

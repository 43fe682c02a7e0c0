import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | undefined

/** The folder holding QFill's package.json, found from this module whether it runs from source or from build/. */
export function projectRoot(): string {
  if (root) return root
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const pkg = path.join(dir, 'package.json')
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'qfill') return (root = dir)
    const parent = path.dirname(dir)
    if (parent === dir) return (root = process.cwd())
    dir = parent
  }
}

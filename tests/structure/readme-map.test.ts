import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../app/infra/project-root.server'

/** The README's layout names every folder of app/, one line each (issue 20): a new folder must be added there. */
const ROOT = projectRoot()
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
const layout = /## Layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''

describe("the README's map", () => {
  it('has a layout section', () => {
    expect(layout).toMatch(/^app\//m)
  })

  it('names every folder of app/, and no folder that is not there', () => {
    const folders = readdirSync(path.join(ROOT, 'app'))
      .filter((name) => statSync(path.join(ROOT, 'app', name)).isDirectory())
      .sort()
    const named = [...layout.matchAll(/^ {2}([a-z-]+)\/ /gm)].map((m) => m[1]!).sort()
    expect(named).toEqual(folders)
  })

  it('leaves only the Remix entry files and the style sheet loose at the root of app/', () => {
    const loose = readdirSync(path.join(ROOT, 'app')).filter((name) => statSync(path.join(ROOT, 'app', name)).isFile())
    expect(loose.sort()).toEqual(['entry.client.tsx', 'entry.server.tsx', 'root.tsx', 'tailwind.css'])
  })
})

import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../app/infra/project-root.server'

/**
 * `qfill answer --help` and a usage error print before any engine, reader or writer loads, and the Gemini SDK
 * (200 ms) loads on Gemini's first request (issue 21 §3: start-up under 1 s; `npm run bench:language` measures it).
 * Read from the code: a static import of these would bring the whole graph back into start-up unnoticed.
 */
function staticImports(file: string): { from: string; typeOnly: boolean }[] {
  const text = readFileSync(path.join(projectRoot(), file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest)
  return source.statements.filter(ts.isImportDeclaration).map((d) => ({
    from: (d.moduleSpecifier as ts.StringLiteral).text,
    typeOnly: Boolean(d.importClause?.isTypeOnly),
  }))
}

describe('start-up', () => {
  it('qfill answer loads the engines and the file pipeline only once there is work', () => {
    const loaded = staticImports('cli/answer.ts')
      .filter((i) => !i.typeOnly)
      .map((i) => i.from)
    expect(loaded).not.toContain('../app/answering/engines.server')
    expect(loaded).not.toContain('./answer-files')
  })

  it('the Gemini client imports its SDK as types only', () => {
    const sdk = staticImports('app/answering/llm/gemini.server.ts').filter((i) => i.from === '@google/genai')
    expect(sdk.length).toBeGreaterThan(0)
    expect(sdk.every((i) => i.typeOnly)).toBe(true)
  })
})

import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { checkToken } from '../app/access/tokens.server'
import { normalizeText } from '../app/evidence/text'
import { projectRoot } from '../app/project-root.server'
import { useTestDatabase } from '../tests/setup/database'
import { EVIDENCE_MD, QUESTIONS, questionnaireCsv, readSheet } from '../tests/support/files'

const run = promisify(execFile)
const qfill = path.join(projectRoot(), 'bin/qfill.js')

async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [qfill, ...args], { env: { ...process.env, ...env }, cwd: os.tmpdir() })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('qfill answer', () => {
  it('fills a CSV from markdown evidence with no server and no database, writing the three files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'vendor.csv'), questionnaireCsv())
    writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
    const out = path.join(dir, 'out')
    // No DATABASE_URL: the command must not need one.
    const res = await cli(['answer', path.join(dir, 'vendor.csv'), '--evidence', path.join(dir, 'policy.md'), '--out', out], { DATABASE_URL: '' })
    expect(res.stderr).not.toMatch(/error/i)
    expect(res.code).toBe(0)
    expect(res.stdout).toContain(`wrote ${path.join(out, 'vendor.completed.xlsx')}`)

    const answers = JSON.parse(readFileSync(path.join(out, 'vendor.answers.json'), 'utf8'))
    expect(Object.keys(answers)).toEqual(['questionnaire', 'engine', 'summary', 'questions'])
    expect(answers.questions).toHaveLength(QUESTIONS.length)
    for (const q of answers.questions) {
      expect(Object.keys(q)).toEqual(['id', 'sheet', 'row', 'question', 'answer', 'cellValue', 'comment', 'confidence', 'flagged', 'reason', 'citations'])
      expect(q.confidence).toBeGreaterThanOrEqual(0)
      expect(q.confidence).toBeLessThanOrEqual(1)
      // Every citation is verbatim text of the evidence file it names.
      for (const c of q.citations) {
        expect(c.file).toBe('policy.md')
        expect(normalizeText(EVIDENCE_MD)).toContain(normalizeText(c.quote))
      }
      if (q.citations.length === 0) expect(q.flagged).toBe(true)
    }
    expect(answers.questions.some((q: { citations: unknown[] }) => q.citations.length > 0)).toBe(true)

    const completed = readSheet(readFileSync(path.join(out, 'vendor.completed.xlsx')), '_SUMMARY')
    expect(completed.flat().join(' ')).toContain('AC-1')
    expect(readFileSync(path.join(out, 'vendor.summary.pdf')).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('says what is wrong with a bad questionnaire and exits non-zero', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'broken.xlsx'), 'not a workbook')
    const res = await cli(['answer', path.join(dir, 'broken.xlsx'), '--out', dir])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/broken\.xlsx is not really a \.xlsx file/)
  })

  it('reports a missing file and a missing argument as usage errors', async () => {
    expect((await cli(['answer', '/nope/missing.csv'])).stderr).toMatch(/cannot read \/nope\/missing\.csv: ENOENT/)
    const res = await cli(['answer'])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/exactly one questionnaire/)
  })
})

describe('qfill token create', () => {
  const db = useTestDatabase()

  it('prints a new token once; only its hash is stored and it works', async () => {
    const res = await cli(['token', 'create', '--plan', 'pro', '--email', 'ops@example.com'], { DATABASE_URL: db.url })
    expect(res.code).toBe(0)
    const token = res.stdout.trim()
    expect(token).toMatch(/^qf_[A-Za-z0-9_-]{43}$/)
    const stored = await db.sql`select token_hash::text as h from tokens`
    expect(JSON.stringify(stored)).not.toContain(token)
    const check = await checkToken(db.sql, token)
    expect(check.ok && check.row).toMatchObject({ plan: 'pro', email: 'ops@example.com', quota: null })
  })

  it('rejects an unknown plan with the list of plans', async () => {
    const res = await cli(['token', 'create', '--plan', 'gold'], { DATABASE_URL: db.url })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/--plan must be one of trial, single, starter, pro, monthly/)
  })
})

describe('start-up configuration', () => {
  it('stops with a message naming each bad variable', async () => {
    const res = await cli(['serve'], { PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: '' })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/PORT/)
    expect(res.stderr).toMatch(/DATABASE_URL must start with postgres:\/\//)
  })

  it('needs shared secrets when the database is shared', async () => {
    const res = await cli(['serve'], { DATABASE_URL: 'postgres://localhost/x', SESSION_SECRET: '', FILE_ENCRYPTION_KEY: '' })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/SESSION_SECRET is required when DATABASE_URL is set/)
    expect(res.stderr).toMatch(/FILE_ENCRYPTION_KEY is required when DATABASE_URL is set/)
  })
})

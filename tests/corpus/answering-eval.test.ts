import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OfflineEngine } from '../../app/answering/offline/engine'
import { extractEvidence } from '../../app/evidence/extract.server'
import type { Question } from '../../app/questionnaire/model'
import { runAccuracy } from '../../bench/accuracy'
import { holdOutQuestions } from '../../bench/mattermost'

// Evaluation data is read in place (never copied); the open data these tests use is copied, with its licences, to
// tests/fixtures/open, so those tests run on every clone.
const ROOT = path.resolve(__dirname, '../..')
const EVAL = path.resolve(ROOT, '../shared/data/eval')
const OPEN = path.resolve(ROOT, 'tests/fixtures/open')
const hasEval = existsSync(EVAL)
if (!hasEval) console.log('answering corpus tests skipped: ../shared/data/eval not found')

describe.skipIf(!hasEval)(
  hasEval
    ? 'offline engine on the real sets'
    : 'offline engine on the real sets: skipped: ../shared/data/eval not found',
  () => {
    it('measures every set, quotes only verbatim text and answers every question it is given', async () => {
      const run = await runAccuracy(ROOT)
      if (typeof run === 'string') throw new Error(run)
      const { results } = run
      // 7 evidence-only sets, 2 with the same product's earlier answers and 5 with a sister product's, plus the
      // labelled open set once it is in the checkout.
      expect(results.filter((r) => r.set.group !== 'open')).toHaveLength(14)
      for (const r of results) {
        expect(r.set.problem, r.set.name).toBeUndefined()
        // The contract, checked on every set: verbatim citations only, no Yes/No in a free-text cell, nothing kept overwritten.
        expect(r.score!.invalidCitations, r.set.name).toBe(0)
        expect(r.score!.yesNoOnFreeText, r.set.name).toBe(0)
        if (r.overwritten !== undefined) expect(r.overwritten, r.set.name).toBe(0)
        expect(r.rows.every((row) => row.answer !== undefined)).toBe(true)
        // Accuracy targets are benchmark figures (docs/benchmarks.md), not test assertions.
      }
    }, 300_000)

    it('holds the Mattermost answer key out of its evidence', () => {
      const md = readFileSync(path.join(EVAL, 'mattermost/docs_process_security_2020-07-20.md'), 'utf8')
      const held = holdOutQuestions('docs_process_security_2020-07-20.md', md)
      expect(held.questionnaire.questions).toHaveLength(77)
      expect([...held.truth.values()].every((t) => t === 'YES')).toBe(true)
      for (const q of held.questionnaire.questions) expect(held.evidenceText).not.toContain(q.text)
    })
  },
)

function question(text: string): Question {
  return {
    key: `S!${text.length}`,
    id: 'Q1',
    text,
    kind: 'question',
    allowed: ['Yes', 'No'],
    location: { sheet: 'S', row: 1, questionCell: 'B1', answerCell: 'C1' },
  }
}

async function answerFrom(files: string[], text: string) {
  const evidence = await extractEvidence(
    files.map((f) => ({ name: path.basename(f), bytes: new Uint8Array(readFileSync(path.join(OPEN, f))) })),
  )
  const questionnaire = {
    fileName: 'q.xlsx',
    format: 'xlsx' as const,
    kind: 'test',
    sheets: [],
    questions: [question(text)],
    notes: [],
  }
  return (await new OfflineEngine({ now: new Date('2025-01-01T00:00:00Z') }).answer(questionnaire, evidence))[0]!
}

describe('real negatives and contradictions in open data (tests/fixtures/open)', () => {
  it('answers No where 37signals says its application databases are generally not encrypted at rest', async () => {
    const a = await answerFrom(['basecamp-policies/security_index.md'], 'Are application databases encrypted at rest?')
    expect(a.label).toBe('NO')
    expect(a.citations[0]!.quote).toMatch(/generally not encrypted at rest/)
  })

  it('answers No where 37signals says background checks are not performed, citing its words', async () => {
    const a = await answerFrom(
      ['basecamp-policies/37signals_Security_Overview.pdf'],
      'Do you perform background checks on employees?',
    )
    expect(a.label).toBe('NO')
    expect(a.flagged).toBe(true)
    expect(a.citations[0]!.quote).toMatch(/Background checks aren’t performed/)
  })

  it('reads the 37signals Security Overview PDF and answers Yes on encryption at rest from it', async () => {
    const a = await answerFrom(
      ['basecamp-policies/37signals_Security_Overview.pdf'],
      'Do you offer encryption at rest?',
    )
    expect(a.label).toBe('YES')
    expect(a.citations[0]).toMatchObject({
      file: '37signals_Security_Overview.pdf',
      location: expect.stringMatching(/^page \d+$/),
    })
  })

  it('flags the PostHog page that both claims and is still obtaining SOC 2 Type II', async () => {
    const a = await answerFrom(['posthog/handbook_company_security_050a845c.md'], 'Do you have a SOC 2 Type II report?')
    expect(a.flagged).toBe(true)
    expect(a.reasons.join(' ')).toMatch(/contradicts itself/)
  })
})

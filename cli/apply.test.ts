import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../app/infra/project-root.server'
import { EVIDENCE_MD, readSheet } from '../tests/support/files'
import { cellsOf, changedCells, reviewQuestionnaireXlsx } from '../tests/support/review'

const run = promisify(execFile)
const qfill = path.join(projectRoot(), 'bin/qfill.js')

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [qfill, ...args], {
      env: { ...process.env, DATABASE_URL: '' },
      cwd: os.tmpdir(),
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('qfill apply', () => {
  it('rewrites the workbook, _SUMMARY and PDF from an edited answers.json, refusing values a cell does not allow', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-apply-'))
    const questionnaire = path.join(dir, 'vendor.xlsx')
    writeFileSync(questionnaire, reviewQuestionnaireXlsx())
    writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
    const first = await cli([
      'answer',
      questionnaire,
      '--evidence',
      path.join(dir, 'policy.md'),
      '--out',
      path.join(dir, 'run'),
    ])
    expect(first.code).toBe(0)
    const answers = JSON.parse(readFileSync(path.join(dir, 'run', 'vendor.answers.json'), 'utf8'))
    const before = new Uint8Array(readFileSync(path.join(dir, 'run', 'vendor.completed.xlsx')))

    const q = (id: string) => answers.questions.find((x: { id: string }) => x.id === id)
    q('EN-1').answer = 'Sometimes'
    writeFileSync(path.join(dir, 'bad.answers.json'), JSON.stringify(answers))
    const refused = await cli([
      'apply',
      questionnaire,
      '--answers',
      path.join(dir, 'bad.answers.json'),
      '--out',
      path.join(dir, 'bad'),
    ])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      '"Sometimes" is not one of the allowed values for EN-1 (Questions!5): Yes, No, N/A.',
    )

    q('EN-1').answer = 'YES'
    Object.assign(q('PH-1'), { answer: 'N/A', comment: 'We run no data centres of our own.', confirmed: true })
    Object.assign(q('HO-1'), { answer: 'AWS eu-west-1', confirmed: true })
    writeFileSync(path.join(dir, 'edited.answers.json'), JSON.stringify(answers))
    const applied = await cli([
      'apply',
      questionnaire,
      '--answers',
      path.join(dir, 'edited.answers.json'),
      '--out',
      path.join(dir, 'out'),
    ])
    expect(applied.stderr).toBe('')
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain('2 confirmed by you')
    const after = new Uint8Array(readFileSync(path.join(dir, 'out', 'vendor.completed.xlsx')))
    const expected = ['C7', 'C9', 'D7']
    expect(changedCells(cellsOf(before, 'Questions'), cellsOf(after, 'Questions'))).toEqual(expected)
    expect(cellsOf(after, 'Questions').get('C7')).toBe('N/A')
    expect(readSheet(after, '_SUMMARY').find((r) => r[0] === 'Confirmed by you')?.[1]).toBe('2')
    expect(
      readFileSync(path.join(dir, 'out', 'vendor.summary.pdf'))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const out = JSON.parse(readFileSync(path.join(dir, 'out', 'vendor.answers.json'), 'utf8'))
    expect(out.summary.confirmed).toBe(2)
  })

  it('needs --answers', async () => {
    const res = await cli(['apply', 'vendor.xlsx'])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('apply needs --answers')
  })
})

/**
 * `npm run bench:invented`: the offline engine on pages written for QFill by writers who never saw its code or its
 * development data (bench/invented/README.md): each page is a fictional company's evidence with 25 Yes/No questions
 * labelled YES, NO, PARTIAL or NOT_STATED. Prints, per set, the answers left unflagged and how many of them are
 * wrong: what a user who sends the unflagged answers unread would send wrong. Deterministic: the offline engine, the
 * shipped calibration, the CLI's pipeline.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { OfflineEngine } from '../app/answering/offline/engine'
import { runPipeline } from '../app/pipeline/run.server'

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'invented')
type Label = 'YES' | 'NO' | 'PARTIAL' | 'NOT_STATED'
const YES_NO = new Set(['YES', 'NO', 'PARTIALLY', 'PLANNED'])

/** A label file's rows, id to label: "ID,Expected,Why" with the Why quoted when it holds a comma. */
function labels(file: string): Map<string, Label> {
  const rows = readFileSync(file, 'utf8').split(/\r?\n/).slice(1).filter(Boolean)
  return new Map(rows.map((row) => row.split(',', 2) as [string, Label]))
}

/** Whether an answer is right for its label: a PARTIAL row takes a Partially or a No, a No row a No or a plan. */
function right(answer: string, label: Label): boolean {
  if (label === 'YES') return answer === 'YES'
  if (label === 'NO') return answer === 'NO' || answer === 'PLANNED'
  if (label === 'PARTIAL') return answer === 'PARTIALLY' || answer === 'NO'
  return false
}

const file = (p: string) => ({ name: path.basename(p), bytes: new Uint8Array(readFileSync(p)) })
const engine = new OfflineEngine({ now: new Date('2026-11-29') })
const sets = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())
const totals = { questions: 0, written: 0, unflagged: 0, wrong: 0 }
console.log('| set | pages | questions | written (right) | unflagged | wrong unflagged | right unflagged |')
console.log('| --- | --- | --- | --- | --- | --- | --- |')
for (const set of sets.map((d) => d.name).sort()) {
  const pages = readdirSync(path.join(root, set)).sort()
  const row = { questions: 0, written: 0, writtenRight: 0, unflagged: 0, wrong: 0 }
  const wrongs: string[] = []
  const unflagged: string[] = []
  for (const page of pages) {
    const dir = path.join(root, set, page)
    const names = readdirSync(dir)
    const expected = labels(path.join(dir, 'labels.csv'))
    const evidence = names.filter((n) => n !== 'q.csv' && n !== 'labels.csv').map((n) => file(path.join(dir, n)))
    const result = await runPipeline({ questionnaire: file(path.join(dir, 'q.csv')), evidence, engine })
    for (const q of result.answersJson.questions) {
      const label = expected.get(q.id ?? '')
      if (!label) continue
      row.questions++
      if (!q.answer || !YES_NO.has(q.answer)) continue
      row.written++
      const ok = right(q.answer, label)
      row.writtenRight += Number(ok)
      if (q.flagged) continue
      row.unflagged++
      unflagged.push(
        `${set}/${page} ${q.id} ${q.answer} (label ${label}) ${ok ? 'right' : 'WRONG'}: ${q.question.slice(0, 100)}`,
      )
      if (!ok) {
        row.wrong++
        wrongs.push(
          `${set}/${page} ${q.id} ${q.answer} (label ${label}) at ${q.confidence}: ${q.question.slice(0, 100)}`,
        )
      }
    }
  }
  const share = row.unflagged ? `${(((row.unflagged - row.wrong) / row.unflagged) * 100).toFixed(1)} %` : 'n/a'
  console.log(
    `| ${set} | ${pages.length} | ${row.questions} | ${row.written} (${row.writtenRight}) | ${row.unflagged} | ${row.wrong} | ${share} |`,
  )
  for (const k of ['questions', 'written', 'unflagged', 'wrong'] as const) totals[k] += row[k]
  if (process.argv.includes('--wrong')) for (const w of wrongs) console.log(`  - ${w}`)
  if (process.argv.includes('--unflagged')) for (const u of unflagged) console.log(`  - ${u}`)
}
const all = totals.unflagged ? (((totals.unflagged - totals.wrong) / totals.unflagged) * 100).toFixed(1) : 'n/a'
console.log(
  `\nAll: ${totals.questions} questions, ${totals.written} written, ${totals.unflagged} unflagged, ${totals.wrong} of them wrong (${all} % right).`,
)

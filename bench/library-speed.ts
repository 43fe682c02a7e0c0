/**
 * Benchmark: answer-library matching time (issue 21 §2 with the speed work of issue 18). Every question of the
 * vendor's answered questionnaires (read in place from ../shared/data/eval) becomes a library entry, copied 1, 4 and
 * 10 times as if that many answered questionnaires were uploaded; HECVAT 4.1.4's rows, then every row of all of them,
 * are matched against it. Prints figures; asserts nothing.
 *
 *   npm run bench:library
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { EarlierAnswers } from '../app/answering/library'
import type { LibraryEntry } from '../app/evidence/model'
import { readQuestionnaire } from '../app/questionnaire/parse.server'
import type { Questionnaire } from '../app/questionnaire/model'
import { INSTRUCTURE_SETS } from './set-list'
import { evalRoot } from './sets'

const EVAL = evalRoot(path.resolve(import.meta.dirname, '..'))
const SOURCES = INSTRUCTURE_SETS.map((set) => `instructure/questionnaires/${set.file}`)
const TARGET = 'hecvat/HECVAT_v4.1.4_blank.xlsx'

if (![...SOURCES, TARGET].every((f) => existsSync(path.join(EVAL, f)))) {
  console.log(`library benchmark skipped: the evaluation questionnaires are not in ${EVAL}`)
  process.exit(0)
}
const read = (file: string): Questionnaire =>
  readQuestionnaire(path.basename(file), new Uint8Array(readFileSync(path.join(EVAL, file)))).questionnaire
const sources = SOURCES.map(read)
const entries: LibraryEntry[] = sources.flatMap((q, i) =>
  q.questions.map((x) => ({
    file: `${i}.xlsx`,
    location: x.key,
    key: x.key,
    id: x.id,
    question: x.text,
    answer: 'Yes',
    kind: q.kind,
  })),
)
const target = read(TARGET)
const everything = [target, ...sources].flatMap((q) => q.questions)

console.log('| library entries | questions matched | matched | time |')
console.log('| --- | --- | --- | --- |')
for (const copies of [1, 4, 10]) {
  const library = new EarlierAnswers(
    Array.from({ length: copies }, (_, c) => entries.map((e) => ({ ...e, file: `${c}-${e.file}` }))).flat(),
    target.kind,
  )
  for (const questions of [target.questions, everything]) {
    const started = performance.now()
    const matched = questions.filter((q) => library.match(q)).length
    console.log(
      `| ${library.size} | ${questions.length} | ${matched} | ${Math.round(performance.now() - started)} ms |`,
    )
  }
}

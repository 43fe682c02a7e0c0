import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { answersJsonSchema } from '../app/api/schemas/answers'
import type { AnsweredQuestion, AnswersJson } from '../app/answering/model'
import { QuestionnaireError } from '../app/questionnaire/model'
import { normalizeComment } from '../app/review/edits'
import { MismatchError, readQuestionnaire, rebuildFiles, rowSpecs } from '../app/review/rebuild.server'
import { resolveAnswer, rowKey } from '../app/review/values'
import { UsageError } from './usage-error'

const HELP = `Usage: qfill apply QUESTIONNAIRE --answers EDITED.answers.json [--out DIR]

Rewrites the completed workbook, its _SUMMARY sheet and the PDF summary from an answers.json you edited (for
example one from "qfill answer" or GET /api/answers/{jobId}), without answering anything again. QUESTIONNAIRE is
the original, unanswered file the answers were made for. Writes, in DIR (default: .):
  NAME.completed.xlsx   only answer and comment cells differ from QUESTIONNAIRE, plus the _SUMMARY sheet
  NAME.summary.pdf      the one-page summary, with confirmed answers counted apart
  NAME.answers.json     the answers as applied

In answers.json, edit each question's "answer" (one of the cell's allowed values, or YES, NO, N/A, PARTIALLY,
PLANNED Q#/YYYY where the cell has no list; free text for free-text rows; null leaves the cell empty) and
"comment". Add "confirmed": true to the answers you reviewed: they are counted as confirmed by you and no longer
flagged. Values a cell does not allow are refused, row by row, and nothing is written.`

export async function applyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      answers: { type: 'string', short: 'a' },
      out: { type: 'string', short: 'o', default: '.' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(HELP)
    return 0
  }
  if (positionals.length !== 1) throw new UsageError(`apply takes exactly one questionnaire file.\n\n${HELP}`)
  if (!values.answers) throw new UsageError(`apply needs --answers EDITED.answers.json.\n\n${HELP}`)
  const questionnairePath = positionals[0]!
  const read = async (file: string) => {
    try {
      return new Uint8Array(await readFile(file))
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`)
    }
  }
  const original = await read(questionnairePath)
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder().decode(await read(values.answers)))
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`${values.answers} is not JSON: ${(error as Error).message}`)
  }
  const parsed = answersJsonSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new UsageError(
      `${values.answers} is not an answers.json: ${issue.path.join('.') || 'the file'}: ${issue.message}`,
    )
  }
  const answers = parsed.data as AnswersJson

  let questionnaire
  try {
    questionnaire = readQuestionnaire({ name: path.basename(questionnairePath), bytes: original })
  } catch (error) {
    if (error instanceof QuestionnaireError) {
      console.error(`qfill: ${error.message}`)
      return 1
    }
    throw error
  }
  const specs = new Map(rowSpecs(questionnaire).map((s) => [s.key, s]))
  const problems: string[] = []
  const entries: AnsweredQuestion[] = answers.questions.map((q) => {
    const spec = specs.get(rowKey(q))
    if (!spec) return q // reported as a mismatch below
    // The answer decides the cell; a machine answer the list could only approximate keeps its cell value.
    let resolved = resolveAnswer(spec, q.answer, `${q.id} (${rowKey(q)})`)
    // Only a vocabulary label (PARTIALLY written as "Yes") may fall back on its cell value; any other text is checked.
    if (!resolved.ok && q.cellValue && /^(YES|NO|N\/A|PARTIALLY|PLANNED\b.*)$/.test(q.answer ?? '')) {
      const fallback = resolveAnswer(spec, q.cellValue, q.id)
      if (fallback.ok) resolved = { ...fallback, answer: q.answer }
    }
    if (!resolved.ok) {
      problems.push(resolved.message)
      return q
    }
    const confirmed = q.confirmed === true
    return {
      ...q,
      answer: resolved.answer,
      cellValue: resolved.cellValue,
      comment: normalizeComment(q.comment),
      ...(confirmed ? { confirmed: true as const, flagged: false } : {}),
    }
  })
  if (problems.length) {
    for (const p of problems) console.error(`qfill: ${p}`)
    console.error(`qfill: ${problems.length} answer${problems.length === 1 ? '' : 's'} refused; nothing was written.`)
    return 1
  }
  let files
  try {
    files = rebuildFiles({ questionnaire, original, machine: answers, entries })
  } catch (error) {
    if (error instanceof MismatchError) {
      console.error(`qfill: ${error.message}`)
      return 1
    }
    throw error
  }
  const name = path.basename(questionnairePath).replace(/\.[^.]+$/, '')
  await mkdir(values.out!, { recursive: true })
  const out = {
    xlsx: path.join(values.out!, `${name}.completed.xlsx`),
    pdf: path.join(values.out!, `${name}.summary.pdf`),
    json: path.join(values.out!, `${name}.answers.json`),
  }
  await writeFile(out.xlsx, files.xlsx)
  await writeFile(out.pdf, files.pdf)
  await writeFile(out.json, `${JSON.stringify(files.answersJson, null, 2)}\n`)
  const s = files.answersJson.summary
  console.log(
    `${s.questions} questions, ${s.answered} answered, ${s.confirmed ?? 0} confirmed by you, ${s.flagged} flagged for review`,
  )
  console.log(`wrote ${out.xlsx}\nwrote ${out.pdf}\nwrote ${out.json}`)
  return 0
}

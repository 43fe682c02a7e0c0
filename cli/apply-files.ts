import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { answersJsonSchema } from '../app/api/schemas/answers'
import type { AnsweredQuestion, AnswersJson, RunSummary } from '../app/answering/model'
import { QuestionnaireError } from '../app/questionnaire/model'
import { normalizeComment } from '../app/review/edits'
import { MismatchError, readQuestionnaire, rebuildFiles, rowSpecs } from '../app/review/rebuild.server'
import { resolveAnswer, rowKey } from '../app/review/values'
import { UsageError } from './usage-error'

/**
 * What `qfill apply` and the MCP tool apply_answers both do: rewrite the completed workbook, its _SUMMARY sheet
 * and the PDF from an edited answers.json, answering nothing again.
 */

/** The answers could not be applied: each problem names the row and what the cell allows (nothing was written). */
export class ApplyRefused extends Error {
  name = 'ApplyRefused'
  constructor(
    readonly problems: string[],
    /** values: answers a cell does not allow; questionnaire: not a questionnaire, or not the one answered. */
    readonly kind: 'values' | 'questionnaire',
  ) {
    super(problems.join('\n'))
  }
}

export interface AppliedFiles {
  files: { xlsx: string; pdf: string; json: string }
  summary: RunSummary
  answersJson: AnswersJson
}

export async function readFileBytes(file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file))
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`)
  }
}

/** An answers.json file, checked against the schema the API publishes for it. */
export async function readAnswersJson(file: string): Promise<AnswersJson> {
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder().decode(await readFileBytes(file)))
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`)
  }
  return checkAnswersJson(raw, file)
}

export function checkAnswersJson(raw: unknown, what: string): AnswersJson {
  const parsed = answersJsonSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new UsageError(`${what} is not an answers.json: ${issue.path.join('.') || 'the file'}: ${issue.message}`)
  }
  return parsed.data as AnswersJson
}

/**
 * Applies `answers` to the original questionnaire and writes NAME.completed.xlsx, NAME.summary.pdf and
 * NAME.answers.json into outDir. Throws ApplyRefused (values a cell does not allow, a questionnaire that is not
 * the one the answers were made for) before writing anything.
 */
export async function applyAnswers(input: {
  questionnairePath: string
  answers: AnswersJson
  outDir: string
}): Promise<AppliedFiles> {
  const original = await readFileBytes(input.questionnairePath)
  const { answers } = input
  let questionnaire
  try {
    questionnaire = readQuestionnaire({ name: path.basename(input.questionnairePath), bytes: original })
  } catch (error) {
    if (error instanceof QuestionnaireError) throw new ApplyRefused([error.message], 'questionnaire')
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
  if (problems.length) throw new ApplyRefused(problems, 'values')
  let files
  try {
    files = rebuildFiles({ questionnaire, original, machine: answers, entries })
  } catch (error) {
    if (error instanceof MismatchError) throw new ApplyRefused([error.message], 'questionnaire')
    throw error
  }
  const name = path.basename(input.questionnairePath).replace(/\.[^.]+$/, '')
  await mkdir(input.outDir, { recursive: true })
  const out = {
    xlsx: path.join(input.outDir, `${name}.completed.xlsx`),
    pdf: path.join(input.outDir, `${name}.summary.pdf`),
    json: path.join(input.outDir, `${name}.answers.json`),
  }
  await writeFile(out.xlsx, files.xlsx)
  await writeFile(out.pdf, files.pdf)
  await writeFile(out.json, `${JSON.stringify(files.answersJson, null, 2)}\n`)
  return { files: out, summary: files.answersJson.summary, answersJson: files.answersJson }
}

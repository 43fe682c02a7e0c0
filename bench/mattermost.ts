import type { Question, Questionnaire } from '../app/questionnaire/model'
import type { Truth } from './score'

const SECTION = /^## Common security[- ]related questions for enterprises\s*$/im

export interface HeldOut {
  questionnaire: Questionnaire
  truth: Map<string, Truth>
  /** The file's text with the Q&A section removed: what the engine may read as evidence. */
  evidenceText: string
}

/**
 * Mattermost's security page embeds numbered Yes/No questions with the vendor's answers. The questions become a
 * questionnaire (answers hidden), the answers the truth, and the section is cut out of the evidence so the engine
 * cannot read its own answer key.
 */
export function holdOutQuestions(fileName: string, markdown: string): HeldOut {
  const { start, end } = sectionBounds(fileName, markdown)
  const section = markdown.slice(start, end)
  const questions: Question[] = []
  const truth = new Map<string, Truth>()
  let heading = ''
  const lines = section.split('\n')
  for (const [i, line] of lines.entries()) {
    const h = /^###\s+(.+?)\s*$/.exec(line)
    if (h) heading = h[1]!
    const q = /^\s*\d+\.\s+(.+?)\s*$/.exec(line)
    if (!q) continue
    const answerLine =
      lines
        .slice(i + 1)
        .find((l) => l.trim())
        ?.trim() ?? ''
    const answer = /^-\s+(yes|no)\b/i.exec(answerLine)?.[1]
    const n = questions.length + 1
    const key = `mattermost!${n}`
    questions.push({
      key,
      id: `MM-${String(n).padStart(2, '0')}`,
      text: q[1]!,
      section: heading,
      kind: 'question',
      allowed: ['Yes', 'No'],
      location: { sheet: 'mattermost', row: n, questionCell: `B${n}`, answerCell: `C${n}` },
    })
    truth.set(key, answer ? (answer.toLowerCase() === 'yes' ? 'YES' : 'NO') : 'TEXT')
  }
  const questionnaire: Questionnaire = {
    fileName: `${fileName}#questions`,
    format: 'csv',
    kind: 'Mattermost security questions',
    sheets: [],
    questions,
    notes: [],
  }
  return { questionnaire, truth, evidenceText: withoutQuestions(fileName, markdown) }
}

/** The text with the embedded Q&A section cut out (the handbook carries a later copy of the same answer key). */
export function withoutQuestions(fileName: string, markdown: string): string {
  const { start, end } = sectionBounds(fileName, markdown)
  return markdown.slice(0, start) + markdown.slice(end)
}

function sectionBounds(fileName: string, markdown: string): { start: number; end: number } {
  const m = SECTION.exec(markdown)
  if (!m) throw new Error(`${fileName}: the "Common security related questions for enterprises" section was not found`)
  const after = m.index + m[0].length
  const next = markdown.slice(after).search(/^## /m)
  return { start: m.index, end: next < 0 ? markdown.length : after + next }
}

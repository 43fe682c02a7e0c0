import type { EvidenceDocument, LibraryEntry, Passage } from '../evidence/model'
import { isYesNoQuestion, type Questionnaire } from '../questionnaire/model'
import { labelOfCell } from './library'
import type { Answer, AnswerLabel } from './model'

/** What a question's cells already held in the uploaded questionnaire. */
export interface ExistingCells {
  answer: string
  comment: string
}

function side(label: AnswerLabel | null | undefined): 'YES' | 'NO' | undefined {
  if (label === 'YES' || label === 'PARTIALLY') return 'YES'
  if (label === 'NO' || label === 'PLANNED') return 'NO'
  return undefined
}

/**
 * Answers already in the uploaded questionnaire are kept, never overwritten: each becomes a `preexisting` answer
 * (its cells are not written). Where the engine's own reading of the evidence (its cited answer, at 0.6 or more)
 * falls on the other side, the comment says so and the row is flagged.
 */
export function keepExisting(
  questionnaire: Questionnaire,
  answers: Answer[],
  existing: Map<string, ExistingCells>,
): Answer[] {
  if (!existing.size) return answers
  const byKey = new Map(questionnaire.questions.map((q) => [q.key, q]))
  return answers.map((engine) => {
    const cells = existing.get(engine.key)
    const q = byKey.get(engine.key)
    if (!cells || !q) return engine
    const label = labelOfCell(cells.answer)
    const yesNo = isYesNoQuestion(q)
    const kept: Answer = {
      key: engine.key,
      label: yesNo ? (label ?? null) : 'YES',
      text: [cells.answer && `Kept your answer: ${cells.answer}.`, cells.comment].filter(Boolean).join(' '),
      confidence: 1,
      citations: [],
      flagged: false,
      reasons: [],
      preexisting: true,
      rules: ['preexisting'],
    }
    const theirs = side(label)
    const mine = side(engine.label)
    const cite = engine.citations.find((c) => c.file !== questionnaire.fileName)
    if (yesNo && theirs && mine && theirs !== mine && cite && engine.confidence >= 0.6) {
      return {
        ...kept,
        citations: [cite],
        flagged: true,
        reasons: [
          `the evidence contradicts your answer (${cells.answer}): "${cite.quote.slice(0, 100)}" (${cite.file}, ${cite.location}); check it`,
        ],
        rules: ['preexisting', 'preexisting-contradicted'],
      }
    }
    return kept
  })
}

/**
 * The uploaded questionnaire's own answers as an evidence document: library entries for the rest of the form,
 * with their cells as citable passages.
 */
export function existingAsEvidence(
  file: string,
  entries: { library: LibraryEntry[]; passages: Passage[] },
): EvidenceDocument | undefined {
  if (!entries.library.length) return undefined
  return {
    file,
    passages: entries.passages,
    library: entries.library,
    chars: entries.passages.reduce((n, p) => n + p.text.length, 0),
    status: 'ok',
    message: `${file}: ${entries.library.length} answers already in the questionnaire were kept and used for the rest of the form.`,
  }
}

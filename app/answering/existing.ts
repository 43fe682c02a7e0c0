import type { EvidenceDocument, LibraryEntry, Passage } from '../evidence/model'
import { isYesNoQuestion, type Question, type Questionnaire } from '../questionnaire/model'
import { labelOfCell } from './library-text'
import { statesOpposite } from './opposite'
import type { Answer, RuleEntry } from './model'

/** What a question's cells already held in the uploaded questionnaire. */
export interface ExistingCells {
  answer: string
  comment: string
}

interface Kept {
  q: Question
  cells: ExistingCells
  /** The engine's own answer to the row, from the evidence. */
  engine: Answer
  fileName: string
}

const evidenceQuote = (k: Kept) => k.engine.citations.find((c) => c.file !== k.fileName)

/** How an answer already in the uploaded questionnaire is kept (walked in order by `keepExisting`). */
export const EXISTING_RULES: (RuleEntry & { when: (k: Kept) => boolean; then: (k: Kept) => Answer })[] = [
  {
    name: 'preexisting-contradicted',
    reason: 'the evidence contradicts an answer already in the questionnaire: kept, flagged with the quote',
    when: (k) =>
      isYesNoQuestion(k.q) && Boolean(evidenceQuote(k)) && statesOpposite(labelOfCell(k.cells.answer), k.engine),
    then: (k) => {
      const cite = evidenceQuote(k)!
      return {
        ...kept(k),
        citations: [cite],
        flagged: true,
        reasons: [
          `the evidence contradicts your answer (${k.cells.answer}): "${cite.quote.slice(0, 100)}" (${cite.file}, ${cite.location}); check it`,
        ],
        rule: 'preexisting-contradicted',
        rules: ['preexisting', 'preexisting-contradicted'],
      }
    },
  },
  {
    name: 'preexisting',
    reason: 'an answer already in the uploaded questionnaire: kept, never overwritten',
    when: () => true,
    then: kept,
  },
]

function kept(k: Kept): Answer {
  const label = labelOfCell(k.cells.answer)
  return {
    key: k.engine.key,
    label: isYesNoQuestion(k.q) ? (label ?? null) : 'YES',
    text: [k.cells.answer && `Kept your answer: ${k.cells.answer}.`, k.cells.comment].filter(Boolean).join(' '),
    confidence: 1,
    citations: [],
    flagged: false,
    reasons: [],
    preexisting: true,
    rule: 'preexisting',
    rules: ['preexisting'],
  }
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
    const k = { q, cells, engine, fileName: questionnaire.fileName }
    return EXISTING_RULES.find((r) => r.when(k))!.then(k)
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

import type { EvidenceDocument } from '../../app/evidence/model'
import type { Question, Questionnaire } from '../../app/questionnaire/model'

/** Evidence built in code: one passage per text, located "page 1", "page 2", ... */
export function evidenceDoc(file: string, texts: string[], extra: Partial<EvidenceDocument> = {}): EvidenceDocument {
  const passages = texts.map((text, i) => ({ file, location: `page ${i + 1}`, text }))
  return { file, passages, library: [], chars: texts.join('').length, status: 'ok', ...extra }
}

let row = 0
/** A Yes/No question on its own row of sheet S. */
export function yesNoQuestion(text: string, extra: Partial<Question> = {}): Question {
  row++
  return {
    key: `S!${row}`,
    id: `Q${row}`,
    text,
    kind: 'question',
    allowed: ['Yes', 'No'],
    location: { sheet: 'S', row, questionCell: `B${row}`, answerCell: `C${row}` },
    ...extra,
  }
}

export function questionnaireOf(questions: Question[]): Questionnaire {
  return { fileName: 'q.xlsx', format: 'xlsx', kind: 'test', sheets: [], questions, notes: [] }
}

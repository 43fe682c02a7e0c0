import { cellRef, columnName } from './cells'
import { cellText, type Grid } from './grid'
import type { Question, SheetLayout } from './model'

const HEADER_SCAN_ROWS = 40

const QUESTION_HEADER = /\b(question|questions|requirement|control (?:text|question|specification)|query|item)\b/i
const ID_HEADER = /^(?:#|no\.?|num(?:ber)?|(?:question|control|item|ref(?:erence)?)?\s*(?:id|ref(?:erence)?|#|no\.?|number)|id)$/i
const ANSWER_HEADER = /\b(answer|response|yes\s*\/\s*no|compliant|compliance|status)\b/i
const COMMENT_HEADER = /\b(comment|comments|notes?|additional information|explanation|description|details|justification|evidence|remarks)\b/i

export interface DetectedLayout {
  headerRow: number
  idColumn?: number
  questionColumn: number
  answerColumn?: number
  commentColumn?: number
}

/** Finds the header row and the question, id, answer and comment columns by their header text. */
export function detectLayout(grid: Grid): DetectedLayout | null {
  let best: { layout: DetectedLayout; score: number } | null = null
  for (const [row, cells] of grid.rows) {
    if (row > HEADER_SCAN_ROWS) break
    const headers = [...cells].filter(([, text]) => text.length <= 80)
    const question = headers.find(([, t]) => QUESTION_HEADER.test(t) && !ANSWER_HEADER.test(t))
    if (!question) continue
    const [questionColumn] = question
    const id = headers.find(([c, t]) => c !== questionColumn && ID_HEADER.test(t.trim()))
    const answer = headers.find(([c, t]) => c !== questionColumn && ANSWER_HEADER.test(t))
    const comment = headers.find(([c, t]) => c !== questionColumn && c !== answer?.[0] && COMMENT_HEADER.test(t))
    const score = 2 + (id ? 1 : 0) + (answer ? 2 : 0) + (comment ? 1 : 0)
    if (!best || score > best.score) {
      best = {
        score,
        layout: { headerRow: row, questionColumn, idColumn: id?.[0], answerColumn: answer?.[0], commentColumn: comment?.[0] },
      }
    }
  }
  return best?.layout ?? null
}

/** Reads the question rows below the header. Rows with no question text are skipped. */
export function questionsFromLayout(grid: Grid, layout: DetectedLayout): Question[] {
  const questions: Question[] = []
  let section: string | undefined
  for (const [row, cells] of grid.rows) {
    if (row <= layout.headerRow) continue
    const text = cellText(grid, row, layout.questionColumn)
    const id = layout.idColumn ? cellText(grid, row, layout.idColumn) : ''
    if (!text) {
      // A row with only a label in the first cells is a section heading.
      const label = [...cells.values()][0]
      if (label && cells.size === 1) section = label
      continue
    }
    if (text.length < 8 || !/[a-z]/i.test(text)) continue
    questions.push({
      key: `${grid.name}!${row}`,
      id: id || `Q${questions.length + 1}`,
      text,
      section,
      kind: 'question',
      location: {
        sheet: grid.name,
        row,
        questionCell: cellRef(layout.questionColumn, row),
        answerCell: layout.answerColumn ? cellRef(layout.answerColumn, row) : undefined,
        commentCell: layout.commentColumn ? cellRef(layout.commentColumn, row) : undefined,
      },
    })
  }
  return questions
}

export function toSheetLayout(grid: Grid, layout: DetectedLayout, questionCount: number): SheetLayout {
  return {
    name: grid.name,
    headerRow: layout.headerRow,
    idColumn: layout.idColumn ? columnName(layout.idColumn) : undefined,
    questionColumn: columnName(layout.questionColumn),
    answerColumn: layout.answerColumn ? columnName(layout.answerColumn) : undefined,
    commentColumn: layout.commentColumn ? columnName(layout.commentColumn) : undefined,
    questionCount,
  }
}

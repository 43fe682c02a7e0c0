import type { WriteEntry } from './model'
import { cellText } from '../cell-text'
import { columnNumber } from '../cells'
import type { Questionnaire } from '../model'

export interface SheetWrites {
  /** A1 reference → text. An empty string clears the cell (an X mark moved to another column). */
  cells: Map<string, string>
  /** Widths for the columns QFill adds. */
  widths: Map<number, number>
}

/**
 * Every cell the completed questionnaire changes, per sheet: answer cells (or X marks), comment cells, and the
 * headers of columns QFill adds. Nothing else is ever written. An empty answer (a profile row left to the user, a
 * list value that does not fit) leaves the cell as it was. A free-text answer with nowhere else to go carries its
 * explanation and citations in the answer cell itself.
 */
export function planWrites(questionnaire: Questionnaire, entries: WriteEntry[]): Map<string, SheetWrites> {
  const plan = new Map<string, SheetWrites>()
  const sheet = (name: string) => {
    let w = plan.get(name)
    if (!w) plan.set(name, (w = { cells: new Map(), widths: new Map() }))
    return w
  }
  questionnaire.questions.forEach((q, i) => {
    const entry = entries[i]
    // An answer already in the uploaded file is kept as it was: neither its cell nor its comment is written.
    if (!entry || entry.preexisting) return
    const w = sheet(q.location.sheet)
    const { answerCell, commentCell, markCells } = q.location
    if (markCells) {
      if (entry.cellValue) for (const m of markCells) w.cells.set(m.cell, m.value === entry.cellValue ? 'X' : '')
    } else if (answerCell && entry.cellValue) {
      const alone = !commentCell && !q.allowed?.length && entry.comment
      w.cells.set(answerCell, alone ? cellText(`${entry.cellValue}\n\n${entry.comment}`) : entry.cellValue)
    }
    if (commentCell && entry.comment) w.cells.set(commentCell, entry.comment)
  })
  for (const layout of questionnaire.sheets) {
    if (!layout.added) continue
    const w = sheet(layout.name)
    for (const [column, label, width] of [
      [layout.added.answer, 'Answer', 24],
      [layout.added.comment, 'Comment', 60],
    ] as const) {
      if (!column) continue
      w.widths.set(columnNumber(column), width)
      // Without a header row there is no place for a label that would not push a question aside.
      if (layout.headerRow > 0) w.cells.set(`${column}${layout.headerRow}`, label)
    }
  }
  return plan
}

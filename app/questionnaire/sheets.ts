import { columnName } from './cells'
import { linkDependencies } from './dependencies'
import { cellText, type Grid } from './grid'
import { questionnaireKind } from './kind'
import { detectLayout, type DetectedLayout } from './layout'
import {
  QuestionnaireError,
  type Question,
  type Questionnaire,
  type QuestionnaireFormat,
  type SheetLayout,
} from './model'
import { failureList } from './formulas/report'
import { MAX_QUESTION_CHARS, scanSheet, type SheetScan } from './rows'
import { SUMMARY_TITLE } from './write/summary-sheet'

interface Candidate {
  grid: Grid
  layout: DetectedLayout
  scan: SheetScan
}

const REFERENCE_SHEET =
  /\b(?:analyst|scor(?:e|ing)|crosswalk|report|evaluation|reference|instructions?|introduction|change ?log|read ?me|values|lists?|lookups?)\b/i

/**
 * Decides which sheets hold the questions and reads them into one Questionnaire. A sheet is skipped, with a note
 * saying why, when its question ids or answers are formulas copying another sheet (report and scoring sheets),
 * when it has no answer column while another sheet has one (crosswalks, analyst references), or when it is hidden
 * and visible sheets hold questions.
 */
/** Rows read from one questionnaire (all sheets): far above any real questionnaire (SIG Core is ~1,900 rows). */
export const MAX_QUESTIONNAIRE_ROWS = 50_000

export function questionnaireFromGrids(
  fileName: string,
  format: QuestionnaireFormat,
  grids: Grid[],
  notes: string[] = [],
): Questionnaire {
  const rowCount = grids.reduce((n, g) => n + g.rows.size, 0)
  if (rowCount > MAX_QUESTIONNAIRE_ROWS) {
    throw new QuestionnaireError(
      `${fileName} has ${rowCount.toLocaleString('en-US')} rows with content; QFill reads questionnaires of up to ${MAX_QUESTIONNAIRE_ROWS.toLocaleString('en-US')} rows. Split it into smaller files, or remove rows that are not questions.`,
    )
  }
  const candidates: Candidate[] = []
  for (const grid of grids) {
    // A workbook QFill completed before carries our _SUMMARY sheet: a report, not questions.
    if (!grid.rows.size || cellText(grid, 1, 1) === SUMMARY_TITLE) continue
    const layout = detectLayout(grid)
    if (!layout) continue
    const scan = scanSheet(grid, layout)
    const found = scan.questions.length
    if (scan.formulaIds > found / 2 && scan.formulaIds >= 3) {
      notes.push(
        `${grid.name}: skipped; its question ids are formulas copying another sheet (a report or scoring sheet).`,
      )
    } else if (scan.mirrored > found && scan.mirrored >= 3) {
      notes.push(`${grid.name}: skipped; its answer cells are formulas filled from another sheet.`)
    } else if (found) {
      candidates.push({ grid, layout, scan })
    }
  }
  let chosen = candidates.filter((c) => !c.grid.hidden)
  if (!chosen.length && candidates.length) {
    chosen = candidates
    notes.push(
      `The questions are on hidden sheets only (${candidates.map((c) => c.grid.name).join(', ')}); they were read anyway.`,
    )
  }
  chosen = keepBest(
    chosen,
    (c) => c.layout.answerColumn !== undefined || c.layout.markColumns.length > 0,
    notes,
    'has no answer column',
  )
  chosen = keepBest(
    chosen,
    (c) => !REFERENCE_SHEET.test(c.grid.name),
    notes,
    'is named like a reference or scoring sheet',
  )
  if (!chosen.length) throw noQuestions(fileName, format, grids)

  const sheets: SheetLayout[] = []
  const questions: Question[] = []
  for (const { grid, layout, scan } of chosen) {
    sheets.push(sheetLayout(grid, layout, scan))
    questions.push(...scan.questions)
    if (scan.added.answer) {
      notes.push(
        `${grid.name}: no answer column found; QFill added "Answer" (column ${columnName(scan.added.answer)}) and "Comment" columns.`,
      )
    } else if (scan.added.comment) {
      notes.push(
        `${grid.name}: no comment column found; explanations and citations go in a new "Comment" column ${columnName(scan.added.comment)}.`,
      )
    }
    if (scan.mirrored)
      notes.push(
        `${grid.name}: ${scan.mirrored} rows repeat answers the workbook fills in itself (formulas); they were left alone.`,
      )
    if (scan.hiddenSkipped) notes.push(`${grid.name}: ${scan.hiddenSkipped} hidden question rows were skipped.`)
    if (scan.unreadable.length) notes.push(unreadableNote(grid.name, scan.unreadable))
    if (scan.truncated) {
      notes.push(
        `${grid.name}: ${scan.truncated} question cells are longer than ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters; only their start was read.`,
      )
    }
  }
  checkMostlyReadable(fileName, chosen)
  linkDependencies(questions, grids)
  return {
    fileName,
    format,
    kind: questionnaireKind(
      format,
      grids,
      chosen.map((c) => c.grid.name),
    ),
    sheets,
    questions,
    notes,
  }
}

function keepBest(list: Candidate[], good: (c: Candidate) => boolean, notes: string[], why: string): Candidate[] {
  const keep = list.filter(good)
  if (!keep.length || keep.length === list.length) return list
  for (const c of list)
    if (!good(c)) notes.push(`${c.grid.name}: skipped; it ${why} while other sheets hold the questionnaire.`)
  return keep
}

function sheetLayout(grid: Grid, layout: DetectedLayout, scan: SheetScan): SheetLayout {
  const lists = new Map<string, string[]>()
  for (const q of scan.questions) if (q.allowed && !q.location.markCells) lists.set(q.allowed.join('\u0000'), q.allowed)
  const answer = layout.answerColumn ?? scan.added.answer
  const comment = layout.commentColumn ?? scan.added.comment
  return {
    name: grid.name,
    headerRow: layout.headerRow ?? 0,
    idColumn: layout.idColumn ? columnName(layout.idColumn) : undefined,
    questionColumn: columnName(layout.questionColumn),
    answerColumn: answer ? columnName(answer) : undefined,
    commentColumn: comment ? columnName(comment) : undefined,
    markColumns: layout.markColumns.length ? layout.markColumns.map((m) => columnName(m.col)) : undefined,
    added:
      scan.added.answer || scan.added.comment
        ? {
            answer: scan.added.answer ? columnName(scan.added.answer) : undefined,
            comment: scan.added.comment ? columnName(scan.added.comment) : undefined,
          }
        : undefined,
    allowedLists: [...lists.values()],
    questionCount: scan.questions.length,
    profileCount: scan.questions.filter((q) => q.kind === 'profile').length,
    mirroredRows: scan.mirrored,
    unreadableRows: scan.unreadable.length,
    hiddenRowsSkipped: scan.hiddenSkipped,
  }
}

function noQuestions(fileName: string, format: QuestionnaireFormat, grids: Grid[]) {
  const where =
    format === 'docx' ? 'a table or numbered paragraphs' : format === 'csv' ? 'the file' : 'any visible sheet'
  const failed = grids.reduce((n, g) => n + g.unevaluated.size, 0)
  const formulas = failed
    ? ` ${failed.toLocaleString('en-US')} of its formulas were saved without their results and QFill could not ` +
      `evaluate them (${failureList({ failures: unevaluatedReasons(grids) })}): if its questions are formulas, open ` +
      `and save the file in Excel, then upload it again.`
    : ''
  return new QuestionnaireError(
    `${fileName}: no questions found. QFill looked in ${where} for rows of questions (text ending in "?" or starting ` +
      `with "Do you", "Describe", ...), usually under a header row naming a "Question" and an "Answer" or "Response" ` +
      `column, or next to ids such as "IAM-01". Check that the questionnaire is not an image or a blank template.` +
      formulas,
  )
}

function unevaluatedReasons(grids: Grid[]): Map<string, number> {
  const reasons = new Map<string, number>()
  for (const g of grids) for (const why of g.unevaluated.values()) reasons.set(why, (reasons.get(why) ?? 0) + 1)
  return reasons
}

type Unreadable = SheetScan['unreadable']

/** "HECVAT: 3 question rows could not be read (row 24 HFIH-01, ...): ... (function XLOOKUP: 3); ..." */
function unreadableNote(sheet: string, rows: Unreadable): string {
  const shown = rows.slice(0, 10).map((r) => `row ${r.row} ${r.id}`)
  const more = rows.length > shown.length ? `, and ${rows.length - shown.length} more` : ''
  const count = rows.length === 1 ? '1 question row' : `${rows.length} question rows`
  return (
    `${sheet}: ${count} could not be read (${shown.join(', ')}${more}): the question text is a formula QFill could ` +
    `not evaluate (${failureList({ failures: tally(rows) })}). They are flagged and left as they were; open and save ` +
    `the file in Excel, then upload it again.`
  )
}

function tally(rows: Unreadable): Map<string, number> {
  const reasons = new Map<string, number>()
  for (const r of rows) reasons.set(r.why, (reasons.get(r.why) ?? 0) + 1)
  return reasons
}

/** Answering a questionnaire most of whose questions cannot be read helps nobody: the user is told what to do. */
function checkMostlyReadable(fileName: string, chosen: Candidate[]) {
  const rows = chosen.flatMap((c) => c.scan.unreadable)
  const total = chosen.reduce((n, c) => n + c.scan.questions.length, 0)
  if (rows.length * 2 <= total) return
  throw new QuestionnaireError(
    `${fileName}: QFill could not read most of its questions (${rows.length} of ${total}): their text is a formula ` +
      `that was saved without its result, and QFill could not evaluate it (${failureList({ failures: tally(rows) })}). ` +
      `Open and save the file in Excel, then upload it again.`,
  )
}

import { cellRef, columnNumber } from './cells'
import { cellKey, sortedRows, type Grid } from './grid'
import type { Question } from './model'

type When = 'YES' | 'NO'

const IF_ANSWERED = /\bif you answered\s+["“'‘]?(yes|no)["”'’]?\s+to\s+([A-Z][A-Za-z&]{1,9}-\d{1,4}(?:\.\d{1,4})?)/i
const IF_PREVIOUS = /^\s*(?:\(?[a-z0-9]{1,3}[.)]\s*)?if\s+(yes|so|no|not)\b/i
const RULE = /\bif\s+([A-Z][A-Za-z&]{1,9}-\d{1,4})\s+is\s+["“']?(yes|no)\b/gi
const CELL_REF = /(?<![A-Za-z0-9_!'.\]])\$?([A-Z]{1,3})\$?(\d{1,7})(?![\d(!])/g

/**
 * Fills Question.dependsOn: the earlier answer a question only applies after, so the answering engine can make
 * dependent answers follow their parent. Four signals, strongest first:
 *  - the text names its parent: "If you answered "yes" to OPEM-04, ...";
 *  - the text opens with "If yes, ..." / "If so, ..." / "If no, ...": the nearest earlier question is the parent;
 *  - the workbook states a rule next to the question's id anywhere (HECVAT's hidden If/then column:
 *    "If REQU-02 is no, populate ... with N/A"): the question applies when REQU-02 is yes;
 *  - a section heading is a formula on a qualifier's answer cell (HECVAT 3's "HIPAA - Optional based on
 *    QUALIFIER response" reads $C$26): the section's questions follow that qualifier.
 */
export function linkDependencies(questions: Question[], grids: Grid[]) {
  const byId = new Map<string, Question>()
  for (const q of questions) if (!/^Q\d+$/.test(q.id) && !byId.has(q.id.toUpperCase())) byId.set(q.id.toUpperCase(), q)
  const set = (q: Question, parent: Question | undefined, when: When) => {
    // A question QFill could not read is no parent to follow (nor the nearest earlier one to guess past).
    if (!parent || parent.unreadable || q.unreadable || q.dependsOn || createsCycle(q, parent, questions)) return
    q.dependsOn = { key: parent.key, when }
  }

  questions.forEach((q, i) => {
    const named = IF_ANSWERED.exec(q.text)
    if (named) return set(q, byId.get(named[2]!.toUpperCase()), named[1]!.toUpperCase() as When)
    const previous = IF_PREVIOUS.exec(q.text)
    if (previous) {
      const parent = questions
        .slice(0, i)
        .reverse()
        .find((p) => p.location.sheet === q.location.sheet && !IF_PREVIOUS.test(p.text))
      set(q, parent, /^(yes|so)$/i.test(previous[1]!) ? 'YES' : 'NO')
    }
  })

  for (const grid of grids) {
    for (const cells of grid.rows.values()) {
      const texts = [...cells.values()]
      const own = texts.map((t) => byId.get(t.trim().toUpperCase())).find(Boolean)
      if (!own) continue
      for (const text of texts) {
        const rules = [...text.matchAll(RULE)]
        const last = rules[rules.length - 1]
        // A rule names the case where the question does not apply ("if X is no, populate N/A").
        if (last) set(own, byId.get(last[1]!.toUpperCase()), last[2]!.toLowerCase() === 'no' ? 'YES' : 'NO')
      }
    }
  }

  for (const grid of grids)
    linkSectionQualifiers(
      grid,
      questions.filter((q) => q.location.sheet === grid.name),
      set,
    )
}

function linkSectionQualifiers(
  grid: Grid,
  questions: Question[],
  set: (q: Question, p: Question | undefined, w: When) => void,
) {
  if (!questions.length) return
  const byAnswerCell = new Map(questions.filter((q) => q.location.answerCell).map((q) => [q.location.answerCell!, q]))
  const questionRows = new Set(questions.map((q) => q.location.row))
  for (const row of sortedRows(grid)) {
    if (questionRows.has(row)) continue
    for (const [col] of grid.rows.get(row)!) {
      const formula = grid.formulas.get(cellKey(row, col))
      if (!formula) continue
      const refs = [...formula.matchAll(CELL_REF)].map((m) =>
        byAnswerCell.get(cellRef(columnNumber(m[1]!), Number(m[2]))),
      )
      const qualifier = refs.find(Boolean)
      if (!qualifier) continue
      const following = questions.filter((q) => q.location.row > row)
      const section = following[0]?.section
      for (const q of following) {
        if (q.section !== section) break
        set(q, qualifier, 'YES')
      }
    }
  }
}

function createsCycle(q: Question, parent: Question, questions: Question[]): boolean {
  const byKey = new Map(questions.map((x) => [x.key, x]))
  for (
    let p: Question | undefined = parent, n = 0;
    p && n < 100;
    p = p.dependsOn ? byKey.get(p.dependsOn.key) : undefined, n++
  ) {
    if (p.key === q.key) return true
  }
  return false
}

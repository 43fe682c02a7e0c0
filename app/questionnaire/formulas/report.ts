import type { FormulaReport } from './evaluate'

/** What the user should know about formulas QFill had to compute: a line for Questionnaire.notes, or none. */
export function formulaNotes(report: FormulaReport): string[] {
  if (!report.uncomputed) return []
  const { uncomputed, computed } = report
  const n = (x: number) => x.toLocaleString('en-US')
  let note =
    `This workbook was saved without its formulas' results (as openpyxl and many scripts save files): ` +
    `QFill computed ${n(computed)} of ${n(uncomputed)} itself`
  if (computed < uncomputed)
    note += `; the other ${n(uncomputed - computed)} were read as empty (${failureList(report)})`
  return [`${note}.`]
}

/** "function XLOOKUP: 12, a circular reference: 2", most frequent first. */
export function failureList(report: Pick<FormulaReport, 'failures'>, max = 5): string {
  const sorted = [...report.failures].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  const shown = sorted.slice(0, max).map(([reason, count]) => `${reason}: ${count.toLocaleString('en-US')}`)
  return sorted.length > max ? `${shown.join(', ')}, …` : shown.join(', ')
}

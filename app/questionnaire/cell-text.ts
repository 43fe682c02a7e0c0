/** Excel refuses longer cell text. */
export const EXCEL_CELL_LIMIT = 32767

/** Text we write must never be read as a formula by a spreadsheet (or by a CSV export of it). */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** Any text we put in a cell: neutralised and within Excel's limit. */
export function cellText(text: string): string {
  const safe = neutralizeFormula(text)
  return safe.length > EXCEL_CELL_LIMIT ? `${safe.slice(0, EXCEL_CELL_LIMIT - 1)}…` : safe
}

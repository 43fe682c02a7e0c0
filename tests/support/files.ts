import * as XLSX from '@e965/xlsx'

/** Small questionnaires and evidence built in code, so tests need no downloaded or hand-made binaries. */

export const EVIDENCE_MD = `# Acme security policy

## Access control
All administrative access to production systems requires multi-factor authentication (MFA).

## Encryption
Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2 or later.

## Logging
Security events from production systems are logged centrally and retained for one year.
`

export const QUESTIONS = [
  ['AC-1', 'Do you require multi-factor authentication for administrative access to production systems?'],
  ['EN-1', 'Is customer data encrypted at rest?'],
  ['LG-1', 'Are security events from production systems logged centrally?'],
  ['PH-1', 'Do you operate your own physical data centres with biometric locks?'],
] as const

export function questionnaireCsv(): Uint8Array {
  const lines = ['ID,Question,Answer,Comments', ...QUESTIONS.map(([id, q]) => `${id},"${q}",,`)]
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`)
}

export function questionnaireXlsx(): Uint8Array {
  const wb = XLSX.utils.book_new()
  const rows = [
    ['Vendor security questionnaire'],
    [],
    ['ID', 'Question', 'Answer', 'Comments'],
    ...QUESTIONS.map(([id, q]) => [id, q, '', '']),
  ]
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Questions')
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([['Instructions'], ['Answer every question.']]),
    'Instructions',
  )
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

export function evidenceMd(): Uint8Array {
  return new TextEncoder().encode(EVIDENCE_MD)
}

/** Reads a completed workbook's sheet as rows of cell text. */
export function readSheet(bytes: Uint8Array, sheet: string): string[][] {
  const wb = XLSX.read(bytes, { type: 'array' })
  const ws = wb.Sheets[sheet]
  if (!ws) throw new Error(`no sheet ${sheet} in ${wb.SheetNames.join(', ')}`)
  return XLSX.utils.sheet_to_json<string[]>(ws, { header: 1, defval: '', raw: false })
}

export function sheetNames(bytes: Uint8Array): string[] {
  return XLSX.read(bytes, { type: 'array', bookSheets: true }).SheetNames
}

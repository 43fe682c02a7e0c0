import * as XLSX from '@e965/xlsx'
import { cleanWorkbook } from './clean-workbook'
import type { WriteInput } from './model'
import { patchWorkbook } from './write-xlsx'

/**
 * The completed workbook. For .xlsx input it is the original package with only the answer and comment cells
 * changed and a _SUMMARY sheet added; .xls is converted to .xlsx first (and says so); CSV and .docx input become a
 * clean .xlsx of their own columns plus answers, comments, confidence and citations.
 */
export function writeCompletedWorkbook(input: WriteInput): Uint8Array {
  switch (input.questionnaire.format) {
    case 'xlsx':
      return patchWorkbook(input, input.original, [])
    case 'xls': {
      // Legacy .xls cannot be patched in place: SheetJS converts it (values, formulas, merges), then the same patching applies.
      const wb = XLSX.read(input.original, { type: 'array', cellStyles: true, cellFormula: true, cellNF: true })
      const xlsx = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', cellStyles: true }) as ArrayBuffer)
      return patchWorkbook(input, xlsx, [
        'The original was a legacy .xls workbook; this completed copy is .xlsx, converted by QFill (values, formulas and merged cells kept; dropdowns and some formatting of the .xls may be lost).',
      ])
    }
    case 'csv':
    case 'docx':
      return cleanWorkbook(input)
  }
}

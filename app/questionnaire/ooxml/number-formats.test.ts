import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { cellText, displayText } from '../grid'
import { readQuestionnaire } from '../parse.server'
import { formatNumber } from './number-formats'
import { XlsxPackage } from './package'
import { readWorkbookGrids } from './read-workbook'

function workbook(cells: Record<string, XLSX.CellObject>): Uint8Array {
  const ws: XLSX.WorkSheet = { '!ref': 'A1:C4', ...cells }
  const wb = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(wb, ws, 'Questions')
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

describe('number formats', () => {
  it('formats numbers as Excel shows them, and leaves what it cannot read alone', () => {
    expect(formatNumber('45569', 14)).toBe('10/4/2024')
    expect(formatNumber('45569', 'yyyy-mm-dd')).toBe('2024-10-04')
    expect(formatNumber('0.125', '0.0%')).toBe('12.5%')
    expect(formatNumber('1234567', '#,##0')).toBe('1,234,567')
    expect(formatNumber('TRUE', 14)).toBe('TRUE')
  })

  it('reads each cell style: the stored value stays, the displayed text is formatted', () => {
    const bytes = workbook({
      A1: { t: 's', v: 'Date' },
      B1: { t: 'n', v: 45569, z: 'm/d/yyyy' },
      B2: { t: 'n', v: 0.75, z: '0%' },
      B3: { t: 'n', v: 42 },
    })
    const {
      grids: [grid],
    } = readWorkbookGrids(XlsxPackage.open(bytes))
    expect(cellText(grid!, 1, 2)).toBe('45569')
    expect(displayText(grid!, 1, 2)).toBe('10/4/2024')
    expect(displayText(grid!, 2, 2)).toBe('75%')
    expect(displayText(grid!, 3, 2)).toBe('42')
  })

  it('a kept answer in a date cell reads as the date, not its serial', () => {
    const bytes = workbook({
      A1: { t: 's', v: 'ID' },
      B1: { t: 's', v: 'Question' },
      C1: { t: 's', v: 'Answer' },
      A2: { t: 's', v: 'DATE-01' },
      B2: { t: 's', v: 'Date of this response' },
      C2: { t: 'n', v: 45569, z: 'm/d/yyyy' },
      A3: { t: 's', v: 'AC-01' },
      B3: { t: 's', v: 'Do you require multi-factor authentication for administrators?' },
    })
    const { existing } = readQuestionnaire('dated.xlsx', bytes)
    expect([...existing.values()].map((e) => e.answer)).toContain('10/4/2024')
  })
})

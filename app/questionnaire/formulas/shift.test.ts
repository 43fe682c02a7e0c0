import { describe, expect, it } from 'vitest'
import { shiftFormula } from './shift'

describe('shiftFormula (a shared formula moved to another cell of its range)', () => {
  it('moves relative references and keeps anchored ones, as Excel fills a formula down', () => {
    expect(shiftFormula('VLOOKUP(A24,Questions!B$18:C$109,2,FALSE)', 1, 0)).toBe(
      'VLOOKUP(A25,Questions!B$18:C$109,2,FALSE)',
    )
    expect(shiftFormula('IF(S18>20,"TRUE","FALSE")', 77, 0)).toBe('IF(S95>20,"TRUE","FALSE")')
    expect(shiftFormula('$A$1+A1+$A1+A$1', 2, 3)).toBe('$A$1+D3+$A3+D$1')
    expect(shiftFormula('SUM(B:C)+SUM(3:4)+SUM($B:C)', 1, 1)).toBe('SUM(C:D)+SUM(4:5)+SUM($B:D)')
  })

  it('leaves text, quoted sheet names, function names and sheet names alone', () => {
    expect(shiftFormula(`"A1 stays"&'Q1 sheet'!A1&LOG10(B2)&Sheet1!C3`, 1, 0)).toBe(
      `"A1 stays"&'Q1 sheet'!A2&LOG10(B3)&Sheet1!C4`,
    )
    expect(shiftFormula('_xlfn.CONCAT(A1,"x")', 1, 0)).toBe('_xlfn.CONCAT(A2,"x")')
    expect(shiftFormula('1E5+A1', 0, 1)).toBe('1E5+B1')
  })

  it('writes #REF! for a reference moved off the sheet, and returns the formula as it was for no move', () => {
    expect(shiftFormula('A1', -1, 0)).toBe('#REF!')
    expect(shiftFormula('XFD1', 0, 1)).toBe('#REF!')
    expect(shiftFormula('A1+B2', 0, 0)).toBe('A1+B2')
  })
})

import { describe, expect, it } from 'vitest'
import { parseCellRef } from '../cells'
import { cellKey, cellText, emptyGrid, setCell, type Grid } from '../grid'
import { evaluateFormulas, FORMULA_LIMITS } from './evaluate'

type Cell = string | number | { f: string } | { f: string; cached: string }

/** A sheet as the readers build it: `{ f }` is a formula saved without its result, `cached` one saved with it. */
function sheet(name: string, cells: Record<string, Cell>, hidden = false): Grid {
  const grid = emptyGrid(name, hidden)
  for (const [ref, cell] of Object.entries(cells)) {
    const { row, col } = parseCellRef(ref)
    const key = cellKey(row, col)
    if (typeof cell === 'number') {
      grid.typed.set(key, cell)
      setCell(grid, row, col, String(cell))
    } else if (typeof cell === 'string') setCell(grid, row, col, cell)
    else {
      grid.formulas.set(key, cell.f)
      if ('cached' in cell) setCell(grid, row, col, cell.cached)
      else grid.uncomputed.add(key)
    }
  }
  return grid
}

const text = (grid: Grid, ref: string) => {
  const { row, col } = parseCellRef(ref)
  return cellText(grid, row, col)
}
const why = (grid: Grid, ref: string) => {
  const { row, col } = parseCellRef(ref)
  return grid.unevaluated.get(cellKey(row, col))
}

const QUESTIONS = sheet(
  'Questions',
  {
    A1: 'Id',
    B1: 'Text',
    A2: 'HFIH-01',
    B2: 'Do you have a dedicated Information Security staff or office?',
    A3: 'HFIH-02',
    B3: '  Do you encrypt data at rest?  ',
    A4: 'HFIH-03',
    B4: 'Do you run penetration tests',
    C2: 1,
    C3: 2,
  },
  true,
)

describe('evaluateFormulas', () => {
  it('computes lookups into a hidden sheet, text functions, IF and names, as Excel would', () => {
    const form = sheet('Form', {
      A5: 'HFIH-01',
      B5: { f: 'VLOOKUP(A5,Questions!$A$2:$B$4,2,FALSE)' },
      A6: 'HFIH-02',
      B6: { f: 'TRIM(VLOOKUP($A6,Questions!A:B,2,FALSE))' },
      A7: 'HFIH-03',
      B7: { f: 'CONCATENATE(INDEX(Questions!$B$2:$B$4,MATCH(A7,Questions!$A$2:$A$4,0)),"?")' },
      B8: { f: 'IF(Questions!C2=1,"Yes"&" / "&"No","")' },
      B9: { f: 'HLOOKUP("Text",Questions!$A$1:$B$4,3,FALSE)' },
      B10: { f: 'VLOOKUP("HFIH-01",Lite,2,FALSE)' },
      B11: { f: 'Questions!C2+Questions!C3' },
      B12: { f: 'B11*2' },
      B13: { f: '_xlfn.XLOOKUP("hfih-02",Questions!A2:A4,Questions!B2:B4)' },
      B14: { f: '_xlfn.XLOOKUP("HFIH-9",Questions!A2:A4,Questions!B2:B4,"not there")' },
      B15: { f: 'UPPER(A5)&COUNTA(Questions!A1:C4)' },
    })
    const report = evaluateFormulas([form, QUESTIONS], [{ name: 'Lite', formula: 'Questions!$A$2:$B$4' }])
    expect(text(form, 'B5')).toBe('Do you have a dedicated Information Security staff or office?')
    expect(text(form, 'B6')).toBe('Do you encrypt data at rest?')
    expect(text(form, 'B7')).toBe('Do you run penetration tests?')
    expect(text(form, 'B8')).toBe('Yes / No')
    expect(text(form, 'B9')).toBe('Do you encrypt data at rest?')
    expect(text(form, 'B10')).toBe('Do you have a dedicated Information Security staff or office?')
    expect(text(form, 'B11')).toBe('3')
    expect(form.typed.get(cellKey(12, 2))).toBe(6)
    expect(text(form, 'B13')).toBe('Do you encrypt data at rest?')
    expect(text(form, 'B14')).toBe('not there')
    expect(text(form, 'B15')).toBe('HFIH-0110')
    expect(report).toEqual({ uncomputed: 11, computed: 11, failures: new Map() })
    expect(form.unevaluated.size).toBe(0)
  })

  it('keeps the saved result of a formula that has one, and does nothing for a workbook saved with results', () => {
    const form = sheet('Form', { B2: { f: 'Questions!B2', cached: 'As Excel saved it' }, B3: { f: 'B2' } })
    evaluateFormulas([form, QUESTIONS], [])
    expect(text(form, 'B2')).toBe('As Excel saved it')
    expect(text(form, 'B3')).toBe('As Excel saved it')
    const saved = sheet('Saved', { B2: { f: 'NOW()', cached: 'x' } })
    expect(evaluateFormulas([saved], [])).toEqual({ uncomputed: 0, computed: 0, failures: new Map() })
  })

  it('a result that is an error value (#N/A) reads as an empty cell, as a saved error does; it is evaluated', () => {
    const form = sheet('Form', { B2: { f: 'VLOOKUP("nope",Questions!A:B,2,FALSE)' } })
    const report = evaluateFormulas([form, QUESTIONS], [])
    expect(text(form, 'B2')).toBe('')
    expect(report.computed).toBe(1)
  })

  it('leaves cells with functions it lacks empty and counts them, with the cells that read them', () => {
    const form = sheet('Form', {
      B2: { f: '_xlfn.TEXTJOIN(" ",TRUE,Questions!B2:B3)' },
      B3: { f: 'INDIRECT("Questions!B"&2)' },
      B4: { f: 'B2&"?"' },
      B5: { f: 'WEBSERVICE("http://127.0.0.1:9/questions")' },
      B6: { f: '[1]Sheet1!A1' },
      B7: { f: 'SUM(' },
    })
    const report = evaluateFormulas([form, QUESTIONS], [])
    expect(why(form, 'B2')).toBe('function TEXTJOIN')
    expect(why(form, 'B3')).toBe('function INDIRECT')
    expect(why(form, 'B4')).toBe('function TEXTJOIN')
    expect(why(form, 'B5')).toBe('function WEBSERVICE')
    expect(why(form, 'B6')).toBe('a reference to another workbook or a table')
    expect(why(form, 'B7')).toBe('a formula QFill cannot read')
    expect(text(form, 'B2') + text(form, 'B4')).toBe('')
    expect(report.computed).toBe(0)
    expect(report.failures.get('function TEXTJOIN')).toBe(2)
  })

  it('MATCH finds exact (case-insensitive, with wildcards) and approximate positions, as Excel does', () => {
    const form = sheet('Form', {
      A1: 10,
      A2: 20,
      A3: 30,
      B1: 'Alpha',
      B2: 'Beta',
      B3: 'Gamma',
      C1: { f: 'MATCH("beta",B1:B3,0)' },
      C2: { f: 'MATCH("G*",B1:B3,0)' },
      C3: { f: 'MATCH(25,A1:A3,1)' },
      C4: { f: 'MATCH(25,A1:A3)' },
      C5: { f: 'MATCH(5,A1:A3,1)' },
      C6: { f: 'MATCH("Delta",B1:B3,0)' },
      C7: { f: 'MATCH(20,A1:C3,0)' },
    })
    evaluateFormulas([form], [])
    expect(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7'].map((c) => text(form, c))).toEqual([
      '2',
      '3',
      '2',
      '2',
      '',
      '',
      '',
    ])
  })

  it('a lookup over a table whose other cells read back the cell being computed is no circle', () => {
    // HECVAT's hidden sheets: a report looks the questions up, and the questions' scoring columns read the report.
    const questions = sheet('Q', { A1: 'X', B1: 'Question X', C1: { f: 'R!B1' } })
    const report = sheet('R', { A1: 'X', B1: { f: 'VLOOKUP(A1,Q!A1:C1,2,FALSE)' } })
    evaluateFormulas([report, questions], [])
    expect(text(report, 'B1')).toBe('Question X')
    expect(text(questions, 'C1')).toBe('Question X')
  })
})

describe('evaluateFormulas on hostile workbooks: bounded, reported, never hung', () => {
  it('a circular reference fails the cells on the circle and nothing else', () => {
    const form = sheet('Form', { A1: { f: 'B1&"x"' }, B1: { f: 'A1&"y"' }, C1: { f: 'SUM(C:C)' }, D1: { f: '"fine"' } })
    const report = evaluateFormulas([form], [])
    expect(why(form, 'A1')).toBe('a circular reference')
    expect(why(form, 'B1')).toBe('a circular reference')
    expect(why(form, 'C1')).toBe('a circular reference')
    expect(text(form, 'D1')).toBe('fine')
    expect(report.computed).toBe(1)
  })

  it('a chain of formulas deeper than the limit stops at the limit (and the file order keeps real chains short)', () => {
    const cells: Record<string, Cell> = { A1000: 1 }
    // Each cell reads the one below it: evaluated top-down, every cell waits on all the others.
    for (let r = 1; r < 1000; r++) cells[`A${r}`] = { f: `A${r + 1}+1` }
    const form = sheet('Form', cells)
    const report = evaluateFormulas([form], [])
    expect(why(form, 'A1')).toBe('formulas that depend on each other too deeply')
    expect(report.failures.get('formulas that depend on each other too deeply')).toBeGreaterThan(0)
    // The cells nearest the end of the chain were computed on the way.
    expect(text(form, 'A999')).toBe('2')
    const upward: Record<string, Cell> = { A1: 1 }
    for (let r = 2; r <= 1000; r++) upward[`A${r}`] = { f: `A${r - 1}+1` }
    const up = sheet('Up', upward)
    expect(evaluateFormulas([up], []).failures.size).toBe(0)
    expect(text(up, 'A1000')).toBe('1000')
  })

  it('a range over the limit is refused; whole columns are read only as far as the sheet has anything', () => {
    const big = sheet('Big', { A1: { f: 'SUM(Data!A1:Z10000)' }, A2: { f: 'COUNTA(Data!A:XFD)' } })
    const data = sheet('Data', { A1: 'x', Z10000: 'y' })
    evaluateFormulas([big, data], [], { ...FORMULA_LIMITS, rangeCells: 1000 })
    expect(why(big, 'A1')).toBe('a range of more than 1,000 cells')
    expect(why(big, 'A2')).toBe('a range of more than 1,000 cells')
    const small = sheet('Small', { A1: { f: 'COUNTA(Data!A:XFD)' } })
    evaluateFormulas([small, sheet('Data', { A1: 'x', B3: 'y' })], [])
    expect(text(small, 'A1')).toBe('2')
  })

  it('many formulas over a big range stop at the work limit, each later one reported', () => {
    const cells: Record<string, Cell> = {}
    for (let r = 1; r <= 200; r++) cells[`B${r}`] = { f: 'SUM(Data!A1:A1000)' }
    const data: Record<string, Cell> = {}
    for (let r = 1; r <= 1000; r++) data[`A${r}`] = r
    const form = sheet('Form', cells)
    const report = evaluateFormulas([form, sheet('Data', data)], [], { ...FORMULA_LIMITS, cellReads: 50_000 })
    expect(text(form, 'B1')).toBe('500500')
    expect(report.computed).toBeLessThan(50)
    expect(report.failures.get('the work limit for formulas')).toBe(200 - report.computed)
  })

  it('stops after the limit on formulas per workbook, and refuses formulas longer or deeper than Excel allows', () => {
    const cells: Record<string, Cell> = {}
    for (let r = 1; r <= 120; r++) cells[`A${r}`] = { f: `${r}*2` }
    cells.B1 = { f: `${'('.repeat(70)}1${')'.repeat(70)}` }
    cells.B2 = { f: `"${'x'.repeat(9000)}"` }
    const form = sheet('Form', cells)
    const report = evaluateFormulas([form], [], { ...FORMULA_LIMITS, evaluations: 100 })
    expect(report.computed).toBe(100)
    expect(report.failures.get('the limit on formulas per workbook')).toBe(20)
    expect(why(form, 'B1')).toBe('a formula nested deeper than Excel allows')
    expect(why(form, 'B2')).toBe('a formula longer than Excel allows')
  })
})

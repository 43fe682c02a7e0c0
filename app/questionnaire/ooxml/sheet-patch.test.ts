import { describe, expect, it } from 'vitest'
import { coverDimension, ensureColumnWidths } from './sheet-bounds'
import { patchSheetCells } from './sheet-patch'

const SHEET = (data: string, extra = '') =>
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:C3"/>${extra}<sheetData>${data}</sheetData><mergeCells count="1"><mergeCell ref="A1:C1"/></mergeCells></worksheet>`

describe('patching cells in place', () => {
  it('replaces, inserts and appends cells and rows, leaving every other byte as it was', () => {
    const data =
      '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c></row>' +
      '<row r="3" spans="1:3" ht="30" customHeight="1"><c r="A3" s="4" t="s"><v>1</v></c><c r="C3" s="7"><v>5</v></c></row>'
    const { xml, skipped } = patchSheetCells(
      SHEET(data),
      new Map<string, string | number>([
        ['C3', 'Yes'],
        ['B3', 'between'],
        ['E3', 'after'],
        ['B2', 'new row'],
        ['A5', 'Line one\nline two'],
      ]),
    )
    expect(skipped).toEqual([])
    expect(xml).toBe(
      SHEET(
        '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c></row>' +
          '<row r="2"><c r="B2" t="inlineStr"><is><t>new row</t></is></c></row>' +
          '<row r="3" spans="1:5" ht="30" customHeight="1"><c r="A3" s="4" t="s"><v>1</v></c><c r="B3" t="inlineStr"><is><t>between</t></is></c>' +
          '<c r="C3" s="7" t="inlineStr"><is><t>Yes</t></is></c><c r="E3" t="inlineStr"><is><t>after</t></is></c></row>' +
          '<row r="5"><c r="A5" t="inlineStr"><is><t xml:space="preserve">Line one\nline two</t></is></c></row>',
      ),
    )
  })

  it('never overwrites a formula cell, and says which it left', () => {
    const data = '<row r="2"><c r="C2"><f>SUM(A1:A9)</f><v>3</v></c><c r="D2" t="s"><v>2</v></c></row>'
    const { xml, skipped } = patchSheetCells(
      SHEET(data),
      new Map([
        ['C2', 'Yes'],
        ['D2', 'note'],
      ]),
    )
    expect(skipped).toEqual(['C2'])
    expect(xml).toContain('<c r="C2"><f>SUM(A1:A9)</f><v>3</v></c><c r="D2" t="inlineStr"><is><t>note</t></is></c>')
  })

  it('escapes XML and drops characters XML cannot hold', () => {
    const { xml } = patchSheetCells(SHEET(''), new Map([['A1', 'a < b & "c" \u0001done']]))
    expect(xml).toContain('<t>a &lt; b &amp; &quot;c&quot; done</t>')
  })

  it('keeps a namespace prefix and gives new cells their column style', () => {
    const prefixed =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:cols><x:col min="3" max="3" width="20" style="9"/></x:cols>' +
      '<x:sheetData><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>'
    const { xml } = patchSheetCells(prefixed, new Map([['C1', 'Yes']]))
    expect(xml).toContain(
      '<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c><x:c r="C1" s="9" t="inlineStr"><x:is><x:t>Yes</x:t></x:is></x:c></x:row>',
    )
  })
})

describe('sheet bounds', () => {
  it('grows the dimension to cover written cells, never shrinks it', () => {
    expect(coverDimension(SHEET(''), ['E7'])).toContain('<dimension ref="A1:E7"/>')
    expect(coverDimension(SHEET(''), ['B2'])).toBe(SHEET(''))
  })

  it('adds widths for new columns in order, keeping existing <col> elements', () => {
    const withCols = SHEET(
      '',
      '<cols><col min="1" max="1" width="12" customWidth="1"/><col min="4" max="4" width="9"/></cols>',
    )
    const out = ensureColumnWidths(
      withCols,
      new Map([
        [3, 60],
        [4, 30],
      ]),
    )
    expect(out).toContain(
      '<cols><col min="1" max="1" width="12" customWidth="1"/><col min="3" max="3" width="60" customWidth="1"/><col min="4" max="4" width="9"/></cols>',
    )
    expect(ensureColumnWidths(SHEET(''), new Map([[5, 24]]))).toContain(
      '<cols><col min="5" max="5" width="24" customWidth="1"/></cols><sheetData>',
    )
  })
})

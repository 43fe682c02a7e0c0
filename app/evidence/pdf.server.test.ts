import { jsPDF } from 'jspdf'
import { afterAll, describe, expect, it } from 'vitest'
import { imageOnlyPdf, pdfBytes } from '../../tests/fixtures/evidence/build'
import { PdfReader } from './pdf.server'

type Page = 'text' | 'blank' | 'drawing' | 'image' | 'pixel'

/** A PDF of the given pages: text, nothing at all, vector shapes only, a 16x16 image, a one-pixel image. */
function pdfOf(pages: Page[]): Uint8Array {
  const doc = new jsPDF()
  const image = (size: number) => ({
    data: new Uint8ClampedArray(size * size * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256)),
    width: size,
    height: size,
  })
  pages.forEach((kind, i) => {
    if (i) doc.addPage()
    if (kind === 'text') doc.text('Backups are encrypted and tested every quarter.', 10, 10)
    if (kind === 'drawing') doc.rect(10, 10, 50, 50, 'F')
    if (kind === 'image') doc.addImage(image(16) as never, 'RGBA', 10, 10, 50, 50)
    if (kind === 'pixel') doc.addImage(image(1) as never, 'RGBA', 10, 10, 50, 50)
  })
  return new Uint8Array(doc.output('arraybuffer'))
}

const reader = new PdfReader()
afterAll(() => reader.close())

describe('PdfReader', () => {
  it('flags the pages without text that paint an image, however small, and no others', async () => {
    const pdf = await reader.read('mixed.pdf', pdfOf(['text', 'blank', 'image', 'drawing', 'pixel', 'text']))
    expect(pdf.pages).toBe(6)
    expect(pdf.passages.map((p) => p.location)).toEqual(['page 1', 'page 6'])
    expect(pdf.imageOnlyPages).toEqual([3, 5])
    expect((await reader.read('scan.pdf', imageOnlyPdf())).imageOnlyPages).toEqual([1])
    expect((await reader.read('plain.pdf', pdfOf(['blank', 'drawing']))).imageOnlyPages).toEqual([])
  })

  it("leaves the caller's bytes intact, and reads again after it was closed", async () => {
    const bytes = pdfBytes(['Access reviews happen twice a year.'])
    const own = new PdfReader()
    const first = await own.read('a.pdf', bytes)
    await own.close()
    expect(bytes.byteLength).toBeGreaterThan(0)
    const again = await own.read('a.pdf', bytes)
    await own.close()
    expect(again).toEqual(first)
    expect(first.passages[0]!.text).toBe('Access reviews happen twice a year.')
  })

  it('names encrypted and damaged files, and goes on reading the next one', async () => {
    await expect(reader.read('locked.pdf', pdfBytes(['secret'], { password: 'pw' }))).rejects.toThrow(
      'locked.pdf is password-protected: upload a copy without a password.',
    )
    await expect(reader.read('cut.pdf', pdfBytes(['x']).subarray(0, 40))).rejects.toThrow(
      'cut.pdf is not a readable PDF (the file is damaged or not a PDF).',
    )
    expect((await reader.read('ok.pdf', pdfBytes(['Fine.']))).passages).toHaveLength(1)
  })
})

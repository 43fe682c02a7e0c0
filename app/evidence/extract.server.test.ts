import { readFileSync } from 'node:fs'
import path from 'node:path'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { docxBytes, imageOnlyPdf, pdfBytes, repeatedLine, zipBomb, zipBytes } from '../../tests/fixtures/evidence/build'
import { pdfFlateBomb } from '../../tests/fixtures/hostile/corpus'
import { extractEvidence } from './extract.server'

const text = (s: string) => new TextEncoder().encode(s)
const one = async (name: string, bytes: Uint8Array) => (await extractEvidence([{ name, bytes }]))[0]!

describe('extractEvidence', () => {
  it('reads PDF text page by page', async () => {
    const doc = await one(
      'overview.pdf',
      pdfBytes(['We encrypt data at rest with AES-256.', 'Backups are tested quarterly.']),
    )
    expect(doc.status).toBe('ok')
    expect(doc.passages.map((p) => p.location)).toEqual(['page 1', 'page 2'])
    expect(doc.chars).toBe(doc.passages.reduce((n, p) => n + p.text.length, 0))
  })

  it('reports a password-protected PDF and an image-only PDF instead of ignoring them', async () => {
    const [locked, scanned] = await extractEvidence([
      { name: 'locked.pdf', bytes: pdfBytes(['secret'], { password: 'pw' }) },
      { name: 'certificate.pdf', bytes: imageOnlyPdf() },
    ])
    expect(locked).toMatchObject({
      status: 'error',
      message: 'locked.pdf is password-protected: upload a copy without a password.',
    })
    expect(scanned!.status).toBe('empty')
    expect(scanned!.message).toMatch(/^No text found in certificate\.pdf: its only page is a scanned image/)
  })

  it('keeps the files in their order while PDFs are read in the background', async () => {
    const docs = await extractEvidence([
      { name: 'a.pdf', bytes: pdfBytes(['Backups are tested quarterly.']) },
      { name: 'b.txt', bytes: text('Firewalls are reviewed yearly.') },
      { name: 'c.pdf', bytes: imageOnlyPdf() },
      { name: 'd.pdf', bytes: pdfBytes(['Access is reviewed twice a year.']) },
      { name: 'e.md', bytes: text('# Keys\n\nKeys are rotated every year.') },
    ])
    expect(docs.map((d) => [d.file, d.status])).toEqual([
      ['a.pdf', 'ok'],
      ['b.txt', 'ok'],
      ['c.pdf', 'empty'],
      ['d.pdf', 'ok'],
      ['e.md', 'ok'],
    ])
    expect(docs[3]!.passages[0]!.text).toBe('Access is reviewed twice a year.')
  })

  it('refuses a PDF whose streams inflate past the budget before pdf.js reads it, and reads the next file', async () => {
    const [bomb, next] = await extractEvidence([
      { name: 'bomb.pdf', bytes: await pdfFlateBomb(250) },
      { name: 'policy.pdf', bytes: pdfBytes(['Logs are kept for a year.']) },
    ])
    expect(bomb).toMatchObject({
      status: 'error',
      message:
        'bomb.pdf was not read: its compressed streams inflate to more than 200 MB (a decompression bomb, or far larger than a document).',
    })
    expect(next!.status).toBe('ok')
  })

  it('locates .docx paragraphs by heading path and .doc paragraphs by number', async () => {
    const docx = await one(
      'policy.docx',
      docxBytes([
        { heading: 1, text: 'Security' },
        { heading: 2, text: 'Access' },
        { text: 'MFA is required for all staff.' },
      ]),
    )
    expect(docx.passages).toEqual([
      { file: 'policy.docx', location: 'Security > Access', text: 'MFA is required for all staff.' },
    ])
    const doc = await one(
      'access-policy.doc',
      new Uint8Array(readFileSync(path.join(__dirname, '../../tests/fixtures/evidence/access-policy.doc'))),
    )
    expect(doc.passages.map((p) => p.text)).toContain('All production access requires multi-factor authentication.')
    expect(doc.passages[0]!.location).toMatch(/^paragraph \d+$/)
  })

  it('names the problem for corrupt or mislabelled files and still reads the good ones', async () => {
    const docs = await extractEvidence([
      { name: 'broken.docx', bytes: zipBytes({ 'hello.txt': 'not a word document' }) },
      { name: 'fake.pdf', bytes: text('plain text pretending to be a PDF') },
      { name: 'empty.txt', bytes: new Uint8Array() },
      { name: 'notes.txt', bytes: text('We run annual penetration tests.') },
    ])
    expect(docs.map((d) => d.status)).toEqual(['error', 'error', 'empty', 'ok'])
    expect(docs[0]!.message).toMatch(/^broken\.docx is not a readable Word document/)
    expect(docs[1]!.message).toBe('fake.pdf is not really a PDF (its content does not match its extension).')
    expect(docs[2]!.message).toMatch(/empty\.txt: the file is empty/)
  })

  it('unpacks a zip one level deep, names nested archives, and refuses zip bombs', async () => {
    const archive = zipBytes({
      'a.txt': 'Firewalls are reviewed yearly.',
      'inner.zip': zipBytes({ 'b.txt': 'hidden' }),
      'tool.exe': 'MZ',
    })
    const docs = await extractEvidence([
      { name: 'bundle.zip', bytes: archive },
      { name: 'bomb.zip', bytes: zipBomb(300) },
    ])
    expect(docs.map((d) => [d.file, d.status])).toEqual([
      ['bundle.zip/a.txt', 'ok'],
      ['bundle.zip/tool.exe', 'error'],
      ['bundle.zip/inner.zip', 'error'],
      ['bomb.zip', 'error'],
    ])
    expect(docs[2]!.message).toMatch(/nested archive/)
    expect(docs[3]!.message).toMatch(/^bomb\.zip was not unpacked/)
  })

  it('reads 25 MB of one repeated line quickly, keeping one passage per distinct text', async () => {
    const started = performance.now()
    const doc = await one('big.txt', repeatedLine(25 * 1024 * 1024 - 1))
    expect(doc.status).toBe('ok')
    expect(doc.passages.length).toBeLessThan(60)
    // Not a timing target (see docs/benchmarks.md): a loose bound that only a quadratic regression would break.
    expect(performance.now() - started).toBeLessThan(20_000)
  })

  it('refuses files over 25 MB with a message', async () => {
    const doc = await one('huge.txt', new Uint8Array(25 * 1024 * 1024 + 1).fill(65))
    expect(doc).toMatchObject({ status: 'error', message: 'huge.txt is larger than 25 MB and was not read.' })
  })

  it('turns a previously answered workbook into an answer library located by cell', async () => {
    const ws = XLSX.utils.aoa_to_sheet([
      ['ID', 'Question', 'Answer', 'Comments'],
      [
        'AC-1',
        'Do you enforce multi-factor authentication for administrators?',
        'Yes',
        'MFA is enforced through our identity provider.',
      ],
      ['AC-2', 'Do you allow shared accounts?', 'No', ''],
      ['AC-3', 'Is there a password policy?', '', ''],
    ])
    const wb = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(wb, ws, 'Answers')
    const doc = await one('previous.xlsx', new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' })))
    expect(doc.status).toBe('ok')
    expect(doc.library).toEqual([
      expect.objectContaining({
        location: 'Answers!C2',
        answer: 'Yes',
        comment: 'MFA is enforced through our identity provider.',
      }),
      expect.objectContaining({ location: 'Answers!C3', answer: 'No' }),
    ])
    expect(doc.passages).toContainEqual({
      file: 'previous.xlsx',
      location: 'Answers!D2',
      text: 'MFA is enforced through our identity provider.',
    })
  })

  it('says when evidence is not in English', async () => {
    const es = 'La seguridad de los datos es una prioridad para la empresa y los clientes. '.repeat(10)
    const doc = await one('resumen.txt', text(es))
    expect(doc.language).toBe('Spanish')
    expect(doc.message).toMatch(/appears to be in Spanish/)
  })
})

import * as XLSX from '@e965/xlsx'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { buildDocx } from '../../tests/fixtures/questionnaires/docx-builder'
import { buildXlsx } from '../../tests/fixtures/questionnaires/xlsx-builder'
import { QuestionnaireError } from './model'
import { parseQuestionnaire } from './parse.server'

const good = () => buildXlsx({ sheets: [{ name: 'Q', rows: [['Question', 'Answer'], ['Do you encrypt backups?']] }] })

function cfb(streams: Record<string, Uint8Array>): Uint8Array {
  const container = XLSX.CFB.utils.cfb_new()
  for (const [name, data] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(container, `/${name}`, data)
  return new Uint8Array(XLSX.CFB.write(container, { type: 'array' }) as number[])
}

/** Sets the uncompressed size every central-directory entry declares (what unzippers size their buffers by). */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice()
  const view = new DataView(out.buffer)
  for (let i = 0; i < out.length - 4; i++)
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true)
  return out
}

function rejects(fileName: string, bytes: Uint8Array, message: RegExp) {
  let error: unknown
  try {
    parseQuestionnaire(fileName, bytes)
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(QuestionnaireError)
  expect((error as Error).message).toMatch(message)
}

describe('bad questionnaire files get a clear message naming the problem', () => {
  it.each([
    ['a zero-byte file', 'empty.xlsx', new Uint8Array(0), /^empty\.xlsx is empty \(0 bytes\)\.$/],
    [
      'an unsupported type',
      'questions.pdf',
      new Uint8Array([37, 80, 68, 70]),
      /questions\.pdf: questionnaires must be \.xlsx, \.xls, \.csv or \.docx files\./,
    ],
    [
      'a password-protected (encrypted) workbook',
      'secret.xlsx',
      cfb({
        EncryptionInfo: new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]),
        EncryptedPackage: new Uint8Array(600).fill(7),
      }),
      /secret\.xlsx is password-protected \(encrypted\): save it without a password/,
    ],
    [
      'a legacy .xls renamed to .xlsx',
      'old.xlsx',
      cfb({ Workbook: new Uint8Array(600).fill(1) }),
      /old\.xlsx is a legacy \.xls file renamed to \.xlsx/,
    ],
    [
      'random bytes named .xlsx',
      'noise.xlsx',
      Uint8Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251),
      /noise\.xlsx is not really a \.xlsx file/,
    ],
    [
      'a truncated workbook',
      'cut.xlsx',
      good().subarray(0, 700),
      /cut\.xlsx: The file is not a readable \.xlsx workbook \(its zip structure is damaged or truncated\)/,
    ],
    [
      'a zip of something else',
      'photos.xlsx',
      zipSync({ 'a.txt': strToU8('hello') }),
      /photos\.xlsx: The file is a zip archive but not an Excel workbook/,
    ],
    [
      'a Word document named .xlsx',
      'form.xlsx',
      buildDocx([{ p: 'Do you encrypt data?' }]),
      /form\.xlsx: The file is a Word document, not an Excel workbook/,
    ],
    ['a workbook named .docx', 'book.docx', good(), /book\.docx: The file is an Excel workbook, not a Word document/],
    ['an .xlsx named .xls', 'renamed.xls', good(), /renamed\.xls is a newer \.xlsx workbook renamed to \.xls/],
    [
      'garbage named .xls',
      'junk.xls',
      new TextEncoder().encode('just some text'),
      /junk\.xls is not really a \.xls file/,
    ],
    [
      'a binary file named .csv',
      'image.csv',
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 1, 2]),
      /image\.csv is not a text CSV file \(it looks binary\)/,
    ],
    [
      'a zip bomb (declared sizes)',
      'bomb.xlsx',
      declareSize(good(), 0x7fffffff),
      /bomb\.xlsx: The \.xlsx workbook unpacks to more than 300 MB .* it looks like a zip bomb/,
    ],
    [
      'a zip with too many parts',
      'parts.xlsx',
      zipSync(Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p/${i}.xml`, new Uint8Array(1)]))),
      /parts\.xlsx: The \.xlsx workbook unpacks to more than 300 MB \(or 5,000 parts/,
    ],
  ])('%s', (_, fileName, bytes, message) => rejects(fileName, bytes, message))

  it('a zip bomb whose headers lie about its size is cut off, not inflated', () => {
    // Fully inflated, the sheet holds 1.2 million questions (60 MB); its directory entry claims 2 KB. The first
    // 2 KB are padding, so a reader that trusted the data instead of the header would find questions.
    const padding = '<sheetPr><tabColor rgb="FF000000"/></sheetPr>'.repeat(60)
    const row = '<row><c t="inlineStr"><is><t>Do you encrypt backups?</t></is></c></row>'
    const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${padding}<sheetData>${row.repeat(1_200_000)}</sheetData></worksheet>`
    const bomb = zipSync({
      '[Content_Types].xml': strToU8('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      'xl/workbook.xml': strToU8(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Q" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    })
    expect(bomb.length).toBeLessThan(1024 * 1024)
    rejects('liar.xlsx', declareSize(bomb, 2048), /^liar\.xlsx: no questions found/)
  })

  it('a workbook with no recognisable questions says what was looked for', () => {
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Budget',
          rows: [
            ['Item', 'Cost'],
            ['Laptops', 1200],
            ['Licences', 300],
          ],
        },
      ],
    })
    rejects(
      'budget.xlsx',
      bytes,
      /^budget\.xlsx: no questions found\. QFill looked in any visible sheet for rows of questions \(text ending in "\?" or starting with "Do you", "Describe", \.\.\.\), usually under a header row naming a "Question" and an "Answer" or "Response" column, or next to ids such as "IAM-01"\./,
    )
  })

  it('an empty CSV says so rather than failing oddly', () => {
    rejects(
      'blank.csv',
      new TextEncoder().encode('\n\n,,\n'),
      /blank\.csv: no questions found\. QFill looked in the file/,
    )
  })
})

describe('hostile sizes are read, not choked on', () => {
  it('a million empty rows after the questions', () => {
    const empty = Array.from({ length: 1_000_000 }, (_, i) => `<row r="${i + 3}"/>`).join('')
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Q',
          rows: [['Question', 'Answer'], ['Do you encrypt backups?']],
          extraRowsXml: empty,
          dimension: 'A1:XFD1048576',
        },
      ],
    })
    expect(parseQuestionnaire('million.xlsx', bytes).questions).toHaveLength(1)
  })

  it('extremely long cells: the question keeps its start and a note says so', () => {
    const long = `Do you ${'really '.repeat(20_000)}encrypt backups?`
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Q',
          rows: [['Question', 'Answer', 'Comment'], [long, '', 'x'.repeat(32_000)], ['Do you rotate keys?']],
        },
      ],
    })
    const q = parseQuestionnaire('long.xlsx', bytes)
    expect(q.questions).toHaveLength(2)
    expect(q.questions[0]!.text).toHaveLength(4000)
    expect(q.notes).toContain('Q: 1 question cells are longer than 4,000 characters; only their start was read.')
  })

  it('a password-protected legacy .xls', () => {
    const xls = cfb({
      Workbook: new Uint8Array(600).fill(0),
      EncryptionInfo: new Uint8Array(8),
      EncryptedPackage: new Uint8Array(600),
    })
    rejects('locked.xls', xls, /locked\.xls is password-protected/)
  })
})

describe('huge questionnaires', () => {
  it('refuses 200,000 rows with a message saying what to do (it used to overflow the stack)', () => {
    let csv = 'ID,Question,Answer\n'
    for (let i = 0; i < 200_000; i++) csv += `Q${i},Do you encrypt data at rest ${i}?,\n`
    expect(() => parseQuestionnaire('big.csv', new TextEncoder().encode(csv))).toThrow(
      /200,001 rows with content; QFill reads questionnaires of up to 50,000 rows/,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { detectDelimiter, parseCsv } from './csv'
import { decodeBytes } from './encoding'
import { parseQuestionnaire } from './parse.server'

const utf16le = (text: string, bom = true) => {
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2)
  if (bom) out.set([0xff, 0xfe])
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    out[(bom ? 2 : 0) + i * 2] = code & 0xff
    out[(bom ? 2 : 0) + i * 2 + 1] = code >> 8
  }
  return out
}
const utf16be = (text: string) => {
  const le = utf16le(text, false)
  const out = new Uint8Array(2 + le.length)
  out.set([0xfe, 0xff])
  for (let i = 0; i < le.length; i += 2) {
    out[2 + i] = le[i + 1]!
    out[2 + i + 1] = le[i]!
  }
  return out
}
/** Windows-1252 for the characters these tests use (é, ’, €). */
const cp1252 = (text: string) =>
  Uint8Array.from([...text].map((ch) => ({ é: 0xe9, '’': 0x92, '€': 0x80 })[ch] ?? ch.charCodeAt(0)))

const QUESTIONNAIRE =
  'ID;Question;Answer;Comment\r\nQ-1;"Do you encrypt data at rest; and in transit?";;\r\nQ-2;"Describe your backup\r\nprocess.";;\r\nQ-3;Is the café’s Wi-Fi separate from production (€)?;;\r\n'

describe('CSV encodings and delimiters', () => {
  it.each([
    ['UTF-8 with BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(QUESTIONNAIRE)]), 'utf-8'],
    ['UTF-8 without BOM', new TextEncoder().encode(QUESTIONNAIRE), 'utf-8'],
    ['UTF-16 LE with BOM', utf16le(QUESTIONNAIRE), 'utf-16le'],
    ['UTF-16 LE without BOM', utf16le(QUESTIONNAIRE, false), 'utf-16le'],
    ['UTF-16 BE with BOM', utf16be(QUESTIONNAIRE), 'utf-16be'],
    ['Windows-1252', cp1252(QUESTIONNAIRE), 'windows-1252'],
  ])('reads %s', (_, bytes, encoding) => {
    expect(decodeBytes(bytes).encoding).toBe(encoding)
    const q = parseQuestionnaire('vendor.csv', bytes)
    expect(q.questions.map((x) => x.text)).toEqual([
      'Do you encrypt data at rest; and in transit?',
      'Describe your backup\nprocess.',
      'Is the café’s Wi-Fi separate from production (€)?',
    ])
    expect(q.questions.map((x) => x.location.answerCell)).toEqual(['C2', 'C3', 'C4'])
    expect(q.notes).toContain(`Read as CSV: ${encoding}, fields separated by ";".`)
  })

  it('detects comma, semicolon, tab and pipe delimiters despite quoted delimiters', () => {
    expect(detectDelimiter('a,b,c\n"1;2",x,y\n')).toBe(',')
    expect(detectDelimiter('a;b;c\n"1,2";x;y\n')).toBe(';')
    expect(detectDelimiter('a\tb\tc\n1\t2\t3\n')).toBe('\t')
    expect(detectDelimiter('a|b|c\n1|2|3\n')).toBe('|')
  })

  it('parses quoted fields with doubled quotes and newlines, and every line ending', () => {
    expect(parseCsv('a,"b ""quoted""\nline",c\r\nd,e,f\rg,h,i', ',')).toEqual([
      ['a', 'b "quoted"\nline', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ])
  })

  it('handles a million empty lines without storing them', () => {
    const bytes = new TextEncoder().encode(`Question,Answer\nDo you patch monthly?,\n${',\n'.repeat(1_000_000)}`)
    const q = parseQuestionnaire('big.csv', bytes)
    expect(q.questions).toHaveLength(1)
  })

  it('reads ids made of several letter groups (NIST CSF "PR.AC-1", "SEC-A1") as the questions\' ids', () => {
    const csv =
      'ID,Question,Answer\nPR.AC-1,Are identities managed for authorized users?,\nSEC-A1,Is kiosk data encrypted?,\nSEC-A2,Are tills locked at night?,\n'
    const q = parseQuestionnaire('framework.csv', new TextEncoder().encode(csv))
    expect(q.questions.map((x) => x.id)).toEqual(['PR.AC-1', 'SEC-A1', 'SEC-A2'])
  })
})

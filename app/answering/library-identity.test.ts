import { describe, expect, it } from 'vitest'
import type { LibraryEntry, LibraryIdentity } from '../evidence/model'
import { dateOf, productFor, readIdentity } from '../evidence/identity'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../tests/support/answering'
import type { Question } from '../questionnaire/model'
import { EarlierAnswers } from './library'
import { otherProductReason, sameProduct } from './library-rules'
import { OfflineEngine } from './offline/engine'

const profile = (id: string, text: string): Question => ({ ...yesNoQuestion(text), id, kind: 'profile', allowed: [] })

describe('whose answers a library holds', () => {
  it('reads vendor, product, form and date from profile rows, the kind and the file name', () => {
    const rows = [profile('DATE-01', 'Date'), profile('GNRL-01', 'Vendor Name'), profile('GNRL-02', 'Product Name')]
    const existing = new Map([
      [rows[0]!.key, { answer: '45196' }],
      [rows[1]!.key, { answer: 'Acme' }],
      [rows[2]!.key, { answer: 'Acme Rocket' }],
    ])
    expect(readIdentity('old.xlsx', { kind: 'HECVAT Full 3.04', questions: rows }, existing)).toEqual({
      file: 'old.xlsx',
      vendor: 'Acme',
      product: 'Acme Rocket',
      family: 'HECVAT Full',
      version: '3.04',
      date: '2023-09-27',
    })
    expect(readIdentity('CAIQ_2022-12-01.xlsx', { kind: 'CAIQ 4.0.2', questions: [] }, new Map())).toMatchObject({
      vendor: null,
      product: null,
      family: 'CAIQ',
      date: '2022-12-01',
    })
    expect(dateOf('5/20/2024')).toBe('2024-05-20')
    expect(dateOf('soon')).toBeNull()
  })

  it("answers for the product the user named, else the one the questionnaire's profile rows name", () => {
    const rows = [profile('GNRL-02', 'Product Name')]
    const form = { fileName: 'new.xlsx', kind: 'HECVAT Lite 3.04', questions: rows }
    const existing = new Map([[rows[0]!.key, { answer: 'Acme Rocket' }]])
    expect(productFor(undefined, form, existing)).toBe('Acme Rocket')
    expect(productFor('  ', form, existing)).toBe('Acme Rocket')
    expect(productFor(' Acme Comet ', form, existing)).toBe('Acme Comet')
    expect(productFor(undefined, form, new Map())).toBeNull()
  })

  it('tells products apart by their words, the vendor name aside', () => {
    expect(sameProduct('Rocket', 'Acme Rocket', 'Acme')).toBe(true)
    expect(sameProduct('rocket  LMS', 'Rocket LMS')).toBe(true)
    expect(sameProduct('Rocket LMS', 'Rocket Studio', 'Acme')).toBe(false)
  })
})

describe("another product's earlier answers", () => {
  const entry: LibraryEntry = {
    file: 'rocket.xlsx',
    location: 'S!C2',
    question: 'Do you encrypt backups?',
    answer: 'Yes',
    kind: 'HECVAT Full 3.04',
  }
  const identity: LibraryIdentity = {
    file: 'rocket.xlsx',
    vendor: 'Acme',
    product: 'Acme Rocket',
    family: 'HECVAT Full',
    version: '3.04',
    date: null,
  }
  const identities = new Map([['rocket.xlsx', identity]])
  const q = yesNoQuestion('Do you encrypt backups?')

  it('are written but flagged, naming the product; the same product or none named leaves them unflagged', () => {
    const other = new EarlierAnswers([entry], 'HECVAT Lite 3.04', { product: 'Rocket Studio', identities }).answer(q)!
    expect(other).toMatchObject({ label: 'YES', flagged: true, reasons: [otherProductReason('Acme Rocket')] })
    expect(other.rules).toContain('library-other-product')
    const same = new EarlierAnswers([entry], 'HECVAT Lite 3.04', { product: 'Rocket', identities }).answer(q)!
    expect(same).toMatchObject({ flagged: false, reasons: [], rule: 'library-exact' })
    expect(new EarlierAnswers([entry], 'HECVAT Lite 3.04', { identities }).answer(q)!.flagged).toBe(false)
  })

  it('stay flagged when a company-wide paper agrees, and are confirmed by a plain statement naming this product', async () => {
    const library = { ...evidenceDoc('rocket.xlsx', []), library: [entry], identity }
    const cells = evidenceDoc('rocket.xlsx', ['Yes'], { library: [entry], identity })
    cells.passages[0]!.location = 'S!C2'
    const answer = async (sentence: string) =>
      (
        await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
          questionnaireOf([q]),
          [evidenceDoc('paper.pdf', [sentence]), { ...library, passages: cells.passages }],
          undefined,
          { product: 'Rocket Studio' },
        )
      )[0]!
    const company = await answer('All backups are encrypted with AES-256 across every Acme service.')
    expect(company.flagged).toBe(true)
    const named = await answer('Rocket Studio backups are encrypted with AES-256.')
    expect(named).toMatchObject({ flagged: false, label: 'YES' })
    expect(named.rules).toEqual(expect.arrayContaining(['library-other-product', 'library-confirmed']))
  })
})

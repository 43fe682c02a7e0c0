import { describe, expect, it } from 'vitest'
import type { EvidenceDocument } from '../evidence/model'
import { clipQuote, enforceVerbatim, evidenceIndex, locateQuote } from './citations'
import type { Answer } from './model'
import { extractEvidence } from '../evidence/extract.server'
import { questionnaireOf, yesNoQuestion } from '../../tests/support/answering'
import { OfflineEngine } from './offline/engine'
import { quoteOf } from './offline/answers'
import { terms } from './retrieval/terms'

const docs: EvidenceDocument[] = [
  {
    file: 'a.pdf',
    status: 'ok',
    chars: 0,
    library: [],
    passages: [
      { file: 'a.pdf', location: 'page 1', text: 'Data is encrypted\nat rest with AES-256.' },
      { file: 'a.pdf', location: 'page 2', text: 'Backups run nightly.' },
    ],
  },
  {
    file: 'b.xlsx',
    status: 'ok',
    chars: 0,
    library: [],
    passages: [{ file: 'b.xlsx', location: 'S!C4', text: 'Yes' }],
  },
]
const index = evidenceIndex(docs)
const base: Answer = { key: 'k', label: 'YES', text: '', confidence: 0.9, citations: [], flagged: false, reasons: [] }

describe('verbatim citations', () => {
  it('accepts whitespace-normalised quotes and corrects their location', () => {
    expect(locateQuote(index, { file: 'a.pdf', location: 'page 9', quote: 'encrypted at rest' })).toBe('page 1')
    expect(locateQuote(index, { file: 'a.pdf', location: 'page 1', quote: 'Backups run nightly.' })).toBe('page 2')
  })

  it('rejects invented text, text of another file, and short quotes that are not a whole cell', () => {
    expect(
      locateQuote(index, { file: 'a.pdf', location: 'page 1', quote: 'encrypted at rest with AES-128' }),
    ).toBeUndefined()
    expect(locateQuote(index, { file: 'b.xlsx', location: 'S!C4', quote: 'Backups run nightly.' })).toBeUndefined()
    expect(locateQuote(index, { file: 'a.pdf', location: 'page 1', quote: 'Data' })).toBeUndefined()
    expect(locateQuote(index, { file: 'b.xlsx', location: 'S!C4', quote: 'Yes' })).toBe('S!C4')
  })

  it('drops each invented quote, lowers confidence and flags the answer', () => {
    const a = enforceVerbatim(
      {
        ...base,
        citations: [
          { file: 'a.pdf', location: 'page 1', quote: 'Backups run nightly.' },
          { file: 'a.pdf', location: 'page 1', quote: 'We are ISO 27001 certified.' },
        ],
      },
      index,
    )
    expect(a.citations).toEqual([{ file: 'a.pdf', location: 'page 2', quote: 'Backups run nightly.' }])
    expect(a).toMatchObject({
      flagged: true,
      confidence: 0.65,
      reasons: ['1 citation not found verbatim in the evidence (removed)'],
    })
  })

  it('clips long quotes to 180 characters at a word boundary', () => {
    const q = clipQuote('word '.repeat(60))
    expect(q.length).toBeLessThanOrEqual(180)
    expect(q.endsWith('word')).toBe(true)
  })
})

describe('the part of a long sentence a quote shows', () => {
  const sentence =
    'Field tablets sync over the public internet whenever the office gateway cannot be reached, on the usual web ports. ' +
    'In that mode staff install the signed client from the vendor store (Plus and Max plans), and administrators ' +
    'can also turn on multi-factor authentication (Max plan).'

  it('is the stretch that holds what the question asks, still verbatim, at most 180 characters', () => {
    const quote = quoteOf(sentence, new Set(terms('multi-factor authentication')))
    expect(quote).toContain('multi-factor authentication')
    expect(quote.length).toBeLessThanOrEqual(180)
    expect(sentence).toContain(quote)
    // Nothing later holds more: the sentence's opening, as before.
    expect(quoteOf(sentence, new Set(terms('gateway')))).toBe(clipQuote(sentence))
  })

  it('reaches the end of a sentence of any length', () => {
    // A file with no full stops reads as one sentence: its last clause is still found.
    const long = `${'Staff badges open the side door and the loading dock, '.repeat(2000)}and administrators can also turn on multi-factor authentication.`
    const quote = quoteOf(long, new Set(terms('multi-factor authentication')))
    expect(quote).toContain('multi-factor authentication')
    expect(quote.length).toBeLessThanOrEqual(180)
    expect(long).toContain(quote)
  })

  it('is what the engine cites, and passes the verbatim check', async () => {
    const evidence = await extractEvidence([{ name: 'mobile.md', bytes: new TextEncoder().encode(sentence) }])
    const [mfa] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([yesNoQuestion('Do the field tablets support multi-factor authentication?')]),
      evidence,
    )
    // Before: the quote was the sentence's first 180 characters, which say nothing of MFA.
    expect(mfa!.citations[0]!.quote).toContain('multi-factor authentication')
    const checked = enforceVerbatim(mfa!, evidenceIndex(evidence))
    expect(checked.citations).toEqual(mfa!.citations)
  })
})

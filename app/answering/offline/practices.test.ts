import { NO_EVIDENCE } from '../contract'
import { describe, expect, it } from 'vitest'
import type { EvidenceDocument } from '../../evidence/model'
import type { Question } from '../../questionnaire/model'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { OfflineEngine } from './engine'
import { introducesProviderHoldings } from '../retrieval/providers'
import { badPracticeOf, particularSubject } from './practices'
import { tagWords } from '../retrieval/grammar'

const doc = evidenceDoc
const q = (text: string, allowed: string[] = ['Yes', 'No']) => yesNoQuestion(text, { allowed })

async function answer(questions: Question[], evidence: EvidenceDocument[]) {
  return new OfflineEngine({ now: new Date('2025-01-01T00:00:00Z') }).answer(questionnaireOf(questions), evidence)
}

const overview = doc('overview.pdf', [
  'User passwords are encrypted. Customer data is hosted in the customer’s geographical region.',
  'In addition to this, the Amazon Web Services infrastructure on which the product is hosted has a variety of formal accreditations. Some of the many certifications include:\n• ISO 9001, 27001, 27017, and 27018 certified\n• Level 1 PCI-DSS service provider',
  'We hold an ISO 27001 certificate for our information security management system, audited every year.',
  'The product is hosted on AWS. Our disaster recovery environment also runs on AWS in a second region.',
  'Penetration tests are performed annually by an independent firm.',
])

describe('questions about a bad practice', () => {
  it('are answered No from evidence of the opposite practice, for a person to confirm', async () => {
    const [plain, region] = await answer(
      [
        q('Are you storing any passwords in plaintext?'),
        q("Are any disaster recovery locations outside the Institution's geographic region?"),
      ],
      [overview],
    )
    expect(plain).toMatchObject({ label: 'NO', flagged: true, citations: [{ quote: 'User passwords are encrypted.' }] })
    expect(plain!.reasons.join()).toMatch(/bad practice \(stored in plain text\); the evidence states the opposite/)
    expect(region).toMatchObject({ label: null, flagged: true })
  })

  it('are not answered from evidence that only shares their other words', async () => {
    const [hardCoded] = await answer(
      [q('Are there any passwords/passphrases hard coded into your systems or products?')],
      [overview],
    )
    expect(hardCoded).toMatchObject({ label: null, citations: [], reasons: [NO_EVIDENCE] })
  })

  it('are read as usual when the evidence names the bad practice itself', async () => {
    const [plain] = await answer(
      [q('Are passwords stored in plain text?')],
      [doc('p.md', ['Passwords are never stored in plain text.'])],
    )
    expect(plain).toMatchObject({ label: 'NO', citations: [{ quote: 'Passwords are never stored in plain text.' }] })
  })

  it('recognises the practice in the question', () => {
    expect(badPracticeOf('Are you storing any passwords in plaintext?')?.name).toBe('stored in plain text')
    expect(badPracticeOf('Do you allow shared accounts?')?.name).toBe('shared accounts')
    expect(badPracticeOf('Are passwords encrypted?')).toBeUndefined()
    // Whose area it is may take two words; a zone is an area as a region is.
    for (const asked of [
      "Are any backup locations outside the university's data zone?",
      'Is customer data ever stored outside the customer’s own country?',
    ])
      expect(badPracticeOf(asked)?.name).toBe('outside the region')
  })
})

describe('whose practice the evidence describes', () => {
  it("does not take the hosting provider's certificates for the vendor's", async () => {
    const [iso9001, iso27001] = await answer(
      [q('Do you comply with ISO 9001?'), q('Are you ISO 27001 certified?')],
      [overview],
    )
    expect(iso9001).toMatchObject({ label: null, flagged: true, citations: [] })
    expect(iso9001!.reasons).toContain(
      "the evidence lists your hosting provider's certifications, not yours: needs your answer",
    )
    expect(iso27001!.label).toBe('YES')
    expect(iso27001!.citations[0]!.quote).toMatch(/^We hold an ISO 27001 certificate/)
  })

  it('finds the lead-in of a provider list, and not of the vendor’s own', () => {
    expect(
      introducesProviderHoldings(
        'the Amazon Web Services infrastructure has formal accreditations. Some certifications include:',
      ),
    ).toBe(true)
    expect(
      introducesProviderHoldings("both Canvas' and AWS' controls have produced the following certifications:"),
    ).toBe(false)
  })

  it('does not answer about a party the evidence never mentions', async () => {
    const [consultant] = await answer(
      [q("Will the consultant require access to hardware in the Institution's data centers?")],
      [overview],
    )
    expect(consultant).toMatchObject({ label: null, citations: [], reasons: [NO_EVIDENCE] })
    expect(consultant!.text).toMatch(/never mention a consultant/)
    expect(particularSubject(tagWords('Is the vended product built to hold kiosk card numbers?'))).toBeUndefined()
    expect(particularSubject(tagWords('Is an owner assigned to the plan?'))).toBeUndefined()
    // Any auxiliary the tagger reads as one opens the question; the noun after "the" is the party.
    expect(particularSubject(tagWords('Must the courier sign for the ledger?'))).toBe('courier')
    expect(particularSubject(tagWords('Would the clerk need badge access?'))).toBe('clerk')
    expect(particularSubject(tagWords('Has the auditor-in-chief visited the branch?'))).toBe('auditor-in-chief')
  })

  it('does not take a penetration test for a bug bounty', async () => {
    const [bounty, pentest] = await answer(
      [q('Do you run a bug bounty program?'), q('Do you conduct penetration tests?')],
      [overview],
    )
    expect(bounty).toMatchObject({ label: null, reasons: [NO_EVIDENCE] })
    expect(pentest!.label).toBe('YES')
  })
})

describe('lists of things rather than verdicts', () => {
  const hosting = [
    '1) Self owned and managed',
    '2) Physical Co-location',
    '3) Virtual Co-location',
    '4) AWS',
    '5) Azure',
    '6) GCP',
    '7) Other',
  ]

  it('chooses the item the evidence names, cites where, and asks the user to confirm it', async () => {
    const [choice] = await answer([q('Select your hosting option', hosting)], [overview])
    expect(choice).toMatchObject({ choice: '4) AWS', flagged: true })
    expect(choice!.citations[0]!.quote).toMatch(/AWS|Amazon Web Services/)
    // Naming one cloud does not rule out the others (a self-hosted edition, a second region on another cloud).
    expect(choice!.confidence).toBeLessThan(0.85)
    expect(choice!.reasons.join(' ')).toMatch(/names this item and no other: confirm it is the one that applies/)
  })

  it('leaves the choice to a person when the evidence names none, or several equally', async () => {
    const [none] = await answer([q('Select your hosting option', hosting)], [doc('x.md', ['We care about security.'])])
    expect(none!.choice).toBeUndefined()
    expect(none!.flagged).toBe(true)
    const [tie] = await answer(
      [q('Select your hosting option', hosting)],
      [doc('x.md', ['Some services run on AWS.', 'Other services run on Azure.'])],
    )
    expect(tie!.choice).toBeUndefined()
    expect(tie!.text).toMatch(/"AWS" and "Azure"/)
  })
})

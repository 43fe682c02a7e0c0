import { describe, expect, it } from 'vitest'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { isYesNoQuestion, type Question } from '../../questionnaire/model'
import { OfflineEngine } from './engine'
import { askedFor, namesOwnParty } from './question-word'
import { extractEvidence } from '../../evidence/extract.server'

const free = (text: string): Question => ({ ...yesNoQuestion(text), allowed: undefined })

describe('free-text answers from documents', () => {
  it('reads "Any …?" as a Yes/No question without an auxiliary', () => {
    expect(isYesNoQuestion(free('Any significant security incidents in the last 5 years?'))).toBe(true)
    expect(isYesNoQuestion(free('Which subprocessors handle customer data?'))).toBe(false)
    // A custom sheet's "(Y/N)" says the answer is a verdict, question mark or not.
    expect(isYesNoQuestion(free('Hardware tokens for administrators (Y/N)'))).toBe(true)
    expect(isYesNoQuestion(free('Backups copied off site - Yes/No'))).toBe(true)
    expect(isYesNoQuestion(free('Name of your backup provider (e.g. Y/N Storage Ltd)'))).toBe(false)
  })

  it('reads the question word and what a sentence gives from one list each (parties, places, tools)', () => {
    const gives = (question: string, sentence: string) => askedFor(question)!.gives.test(sentence)
    // A role a "which" question asks for is one a sentence names, and the other way round.
    for (const role of ['auditors', 'organizations', 'employees', 'vendors']) {
      expect(askedFor(`Which ${role} approve branch ledgers?`)?.what).toBe('who')
      expect(gives('Who approves branch ledgers?', `Branch ledgers are approved by the ${role}.`)).toBe(true)
    }
    expect(gives('Who approves branch ledgers?', 'branch ledgers are approved each week.')).toBe(false)
    // The vendor's own parties: an outside party holds no role at the vendor.
    expect(namesOwnParty('Branch ledgers are approved by the auditors.')).toBe(true)
    expect(namesOwnParty('Branch ledgers are approved by the vendors.')).toBe(false)
    expect(askedFor('In which zones are branch ledgers kept?')?.what).toBe('where')
    expect(gives('Where are branch ledgers kept?', 'ledgers are kept in two zones.')).toBe(true)
    // "states" is a place where a question asks for one; a sentence's "states" is the verb.
    expect(askedFor('In which states are branch ledgers kept?')?.what).toBe('where')
    expect(gives('Where are branch ledgers kept?', 'the ledger policy states this.')).toBe(false)
    expect(askedFor('Which scanners check branch ledgers?')?.what).toBe('which tool or product')
    expect(askedFor('Describe the technologies used to check branch ledgers.')?.what).toBe('which tool or product')
    expect(gives('Which scanners check branch ledgers?', 'we use ledgercheck.io weekly.')).toBe(true)
  })

  it('are flagged unless the sentence names the subject and gives what the question word asks', async () => {
    const policy = evidenceDoc('policy.md', [
      'Backups of customer databases are encrypted and tested regularly by the operations team.',
      'Customer databases are backed up daily to a second region.',
      'Customer data is hosted in AWS data centers in Frankfurt and Dublin.',
      'Access to customer data backups is reviewed every quarter.',
    ])
    const [often, where, who] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([
        free('How often are customer databases backed up?'),
        free('Where is customer data hosted?'),
        free('Who reviews access to customer data backups?'),
      ]),
      [policy],
    )
    expect(often).toMatchObject({ label: 'YES', flagged: false })
    expect(often!.text).toMatch(/daily/)
    expect(where!.flagged).toBe(false)
    expect(who!.flagged).toBe(true)
    expect(who!.label).toBe('YES')
    expect(who!.reasons.join(' ')).toMatch(/does not say who/)
  })

  it('flags a sentence that states no amount of time for a question asking how long', async () => {
    const question = free('How long are kiosk ledger logs kept?')
    const [vague] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(questionnaireOf([question]), [
      evidenceDoc('logs.md', ['The ledger policy says where kiosk ledger logs are kept and for how long.']),
    ])
    expect(vague!.flagged).toBe(true)
    expect(vague!.reasons.join(' ')).toMatch(/does not say how long/)
    const [stated] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(questionnaireOf([question]), [
      evidenceDoc('logs.md', ['Kiosk ledger logs are kept for 400 days in the branch archive.']),
    ])
    expect(stated!.text).toMatch(/400 days/)
    expect(stated!.reasons.join(' ')).not.toMatch(/how long/)
    // Asked over a Yes/No list, the Yes says only that logs are kept: how long is still unsaid.
    const [listed] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([yesNoQuestion('How long are kiosk ledger logs kept?')]),
      [evidenceDoc('logs.md', ['The ledger policy says where kiosk ledger logs are kept and for how long.'])],
    )
    expect(listed).toMatchObject({ label: 'YES', flagged: true })
    expect(listed!.reasons.join(' ')).toMatch(/does not say how long/)
  })

  it('flags a glossary sentence given for a "describe" question', async () => {
    const glossary = evidenceDoc('plan.md', [
      'Recovery Time Objective refers to the longest time a service may be down after a disaster.',
      'The recovery plan is reviewed by the operations team.',
    ])
    const [describe] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([free('Describe your recovery time objective.')]),
      [glossary],
    )
    expect(describe!.flagged).toBe(true)
    expect(describe!.reasons.join(' ')).toMatch(/defines a term/)
  })

  it('flags a sentence that covers less than half of a "describe" question, and keeps one that covers it', async () => {
    const plan = evidenceDoc('plan.md', [
      'Our data centers are provided by AWS, which offers high availability across regions.',
      'Cooling and fire suppression systems in every data center are inspected and tested each quarter.',
    ])
    const office = evidenceDoc('office.md', [
      'Diesel generators at the office are started once a month; seismic bracing was added in 2023.',
      'Flood barriers protect the ground floor of the office.',
    ])
    const [partial] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([
        free(
          'Describe the availability of diesel generators, flood barriers and seismic bracing in your data centers.',
        ),
      ]),
      [plan, office],
    )
    expect(partial!.label).toBe('YES')
    expect(partial!.flagged).toBe(true)
    expect(partial!.reasons.join(' ')).toMatch(/covers less than half of what the question asks/)
    const [whole] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([free('Describe the testing of cooling and fire suppression systems in your data centers.')]),
      [plan],
    )
    expect(whole!.text).toMatch(/Cooling and fire suppression/)
    expect(whole!.reasons.join(' ')).not.toMatch(/covers less than half/)
  })

  it('flags a sentence that names no tool for a question asking which tool is used', async () => {
    const question = free(
      'Describe or provide a reference to the tool(s) used to scan for vulnerabilities in your systems.',
    )
    const generic = evidenceDoc('vm.md', [
      'Vulnerability scans of our systems are conducted weekly using third-party tools and custom scripts.',
    ])
    const [unnamed] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(questionnaireOf([question]), [
      generic,
    ])
    expect(unnamed!.flagged).toBe(true)
    expect(unnamed!.reasons.join(' ')).toMatch(/does not say which tool or product/)
    const named = evidenceDoc('vm.md', [
      'Vulnerability scans of our systems are conducted weekly using Tenable Nessus.',
    ])
    const [tool] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(questionnaireOf([question]), [named])
    expect(tool!.reasons.join(' ')).not.toMatch(/which tool/)
  })

  it('answer with the deciding sentence, joined only by one of the same passage (not another table row)', async () => {
    const markdown = [
      '# Information Security Policy',
      '',
      '> **Note:** this policy applies to *all* staff.',
      '',
      '## 1. Encryption',
      '',
      '__Data at rest__ is encrypted with **AES-256** using [AWS KMS](https://aws.amazon.com/kms/) managed keys.',
      'Data in transit is protected with `TLS 1.2` or higher.<br>',
      '',
      '## 2. Access control',
      '',
      '| Control | Practice |',
      '| --- | --- |',
      '| MFA | Multi-factor authentication is **required** for all administrative access. |',
      '| Reviews | User access is reviewed _quarterly_ by the security team. |',
      '',
      '* Passwords must be at least 12 characters long.',
      '* Shared accounts are ~~allowed~~ prohibited.',
      '',
      '<p>Backups are taken <strong>daily</strong> and retained for 30 days.</p>',
      '',
      'Vulnerability scans are run weekly with Tenable Nessus[^1].',
      '',
      '[^1]: See the vulnerability management standard.',
      '',
      '## 3. Incident response',
      'Security incidents are reported to customers within 72&nbsp;hours &amp; tracked to closure.',
    ].join('\n')
    const evidence = await extractEvidence([{ name: 'policy.md', bytes: new TextEncoder().encode(markdown) }])
    const [often] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([free('How often is user access reviewed?')]),
      evidence,
    )
    // A table row's cells are named by their columns: a tab in a cell is invisible.
    expect(often!.text).toBe('Control: Reviews; Practice: User access is reviewed quarterly by the security team.')
    // The same policy strikes "allowed" out: shared accounts are prohibited, and the answer says No.
    const [shared] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([yesNoQuestion('Are shared accounts allowed?')]),
      evidence,
    )
    expect(shared).toMatchObject({ label: 'NO', citations: [{ quote: 'Shared accounts are prohibited.' }] })
  })

  it('answer on one line from a hard-wrapped paragraph (pasted text)', async () => {
    const text =
      'Backups are taken daily, encrypted, and stored in a\nseparate region. Restores are tested twice a year.\n'
    const evidence = await extractEvidence([{ name: 'overview.txt', bytes: new TextEncoder().encode(text) }])
    const [often] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([free('How often are backups taken?')]),
      evidence,
    )
    expect(often!.text).toBe('Backups are taken daily, encrypted, and stored in a separate region.')
  })

  it('finds the statement that answers an inverted question ("How often is user access reviewed?")', async () => {
    const policy = evidenceDoc('policy.md', [
      'Data at rest is encrypted with AES-256.',
      'User access is reviewed quarterly by the security team.',
      'Backups are taken daily and retained for 30 days.',
    ])
    const [often] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([free('How often is user access reviewed?')]),
      [policy],
    )
    expect(often!.text).toBe('User access is reviewed quarterly by the security team.')
  })
})

import { NO_EVIDENCE } from '../contract'
import { describe, expect, it } from 'vitest'
import type { EvidenceDocument, LibraryEntry } from '../../evidence/model'
import type { Question } from '../../questionnaire/model'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { OfflineEngine } from './engine'

const doc = evidenceDoc
const q = yesNoQuestion
const qn = questionnaireOf

const NOW = { now: new Date('2025-01-01T00:00:00Z') }

const policy = doc('policy.pdf', [
  'All employees must use 2FA on every company account, enforced by our identity provider.',
  'Our application databases are generally not encrypted at rest.',
  'All company laptops are encrypted with full-disk encryption, except loaner devices kept in the office.',
  'Single sign-on with SAML for customers is on our roadmap for Q3 2026.',
  'We run an annual penetration test performed by an independent firm.',
])

async function answer(questions: Question[], evidence: EvidenceDocument[] = [policy]) {
  return new OfflineEngine(NOW).answer(qn(questions), evidence)
}

describe('OfflineEngine', () => {
  it('matches across security vocabulary (MFA ↔ 2FA, pen test ↔ penetration test) and cites verbatim', async () => {
    const [mfa, pentest] = await answer([
      q('Do you require multi-factor authentication for employees?'),
      q('Do you conduct pen tests at least annually?'),
    ])
    expect(mfa).toMatchObject({ label: 'YES', citations: [{ file: 'policy.pdf', location: 'page 1' }] })
    expect(mfa!.citations[0]!.quote).toBe(
      'All employees must use 2FA on every company account, enforced by our identity provider.',
    )
    expect(pentest!.label).toBe('YES')
  })

  it('reads typesetting characters as the letters they stand for, and quotes the file as it is written', async () => {
    const typeset = doc('typeset.pdf', [
      'Every branch kiosk sits behind a ﬁrewall that drops unknown trafﬁc.',
      'Clerks sign in to the tills with multi\u2011factor authentication.',
      'Till ledgers are encryp\u00ADted at rest.',
    ])
    const [firewall, mfa, rest] = await answer(
      [
        q('Is a firewall in front of the kiosks?'),
        q('Do clerks use MFA to sign in?'),
        q('Are till ledgers encrypted at rest?'),
      ],
      [typeset],
    )
    // A ligature ("ﬁ"), a non-breaking hyphen and a soft hyphen split no word and hide no concept.
    expect([firewall!.label, mfa!.label, rest!.label]).toEqual(['YES', 'YES', 'YES'])
    expect(firewall!.citations[0]!.quote).toBe('Every branch kiosk sits behind a ﬁrewall that drops unknown trafﬁc.')
    expect(rest!.citations[0]!.quote).toBe('Till ledgers are encryp\u00ADted at rest.')
  })

  it("quotes, of sentences covering the question equally, the one that says the question's own words", async () => {
    const kiosks = doc('kiosk.md', [
      'Clerks use MFA login at each kiosk.',
      'Office visitors sign in at the front desk.',
      'Clerks use two-factor login at each kiosk.',
      'Invoices are sent at the start of each month.',
    ])
    const [twoFactor, mfa] = await answer(
      [q('Do clerks use two-factor login at each kiosk?'), q('Do clerks use MFA login at each kiosk?')],
      [kiosks],
    )
    // Both sentences name the concept; before, the first in the file was quoted for either question.
    expect(twoFactor!.citations[0]!.quote).toBe('Clerks use two-factor login at each kiosk.')
    expect(mfa!.citations[0]!.quote).toBe('Clerks use MFA login at each kiosk.')
  })

  it('reads negation, limits and planned work from the evidence', async () => {
    const [db, laptops, sso] = await answer([
      q('Are application databases encrypted at rest?'),
      q('Are all laptops encrypted?'),
      q('Do you support SSO (e.g. SAML, Shibboleth) for customers?'),
    ])
    expect(db!.label).toBe('NO')
    expect(laptops!.label).toBe('PARTIALLY')
    expect(sso).toMatchObject({ label: 'PLANNED', planned: 'Q3/2026' })
    // A denial, limit or plan read from wording always goes to a person.
    expect([db, laptops, sso].every((a) => a!.flagged)).toBe(true)
  })

  it('tells a sentence naming only the subject from one naming what is asked of it (signals.subjectOnly)', async () => {
    const question = q('Do passwords have length, reuse or expiry limits?')
    const [hashed] = await answer([question], [doc('kiosk.md', ['Clerk passwords are hashed with bcrypt.'])])
    expect(hashed!.signals?.subjectOnly).toBe(true)
    const [limited] = await answer([question], [doc('kiosk.md', ['Clerk passwords have a minimum length of 14.'])])
    expect(limited!.signals?.subjectOnly).toBe(false)
  })

  it("counts the share of the question's own words no evidence sentence uses (signals.unseen)", async () => {
    const evidence = [
      doc('kiosk.md', [
        'Kiosk receipts are copied to a second branch over the bank network.',
        'Office visitors sign in at the front desk.',
      ]),
    ]
    const [copied, carriers] = await answer(
      [
        q('Are kiosk receipts copied to a second branch over the bank network?'),
        // "two" and "carriers" appear nowhere in the upload: the sentence covers the rest of the question.
        q('Are kiosk receipts copied to a second branch over the bank network by two carriers?'),
      ],
      evidence,
    )
    expect(copied!.signals?.unseen).toBe(0)
    expect(carriers!.label).toBe('YES')
    expect(carriers!.signals?.unseen).toBeCloseTo(2 / 9)
    expect(carriers!.confidence).toBeLessThan(copied!.confidence)
  })

  it('reads "Do you use X?" as a question about X: the verb is no subject, whatever its rarity in a small upload', async () => {
    const small = doc('access.md', [
      'Hardware security keys are planned for Q3 2027.',
      'Customer data is encrypted at rest with AES-256.',
      'Access reviews are performed quarterly by the security team.',
    ])
    const [keys] = await answer([q('Do you use hardware security keys?')], [small])
    expect(keys).toMatchObject({ label: 'PLANNED', planned: 'Q3/2027', flagged: true })
  })

  it('never asserts without evidence: the answer is left empty and flagged "no evidence found: needs your answer"', async () => {
    const [a] = await answer([q('Do you maintain a SOC 2 Type II report?')])
    expect(a).toMatchObject({
      label: null,
      flagged: true,
      citations: [],
      // The comment also names the standard no file names (rule name-never-mentioned).
      text: 'No evidence found in the uploaded files: needs your answer (they never name SOC 2).',
    })
    expect(a!.reasons).toContain(NO_EVIDENCE)
  })

  it('does not answer from evidence about something else when the question names a subject the evidence lacks', async () => {
    const [tenancy, vpat] = await answer(
      [
        q('Does the environment provide for dedicated single-tenant capabilities?'),
        q('Has a VPAT been created for the product within the past year?'),
      ],
      [
        doc('overview.pdf', [
          'A dedicated security team runs our programme.',
          'Accessibility testing is part of every release this past year.',
        ]),
      ],
    )
    expect(tenancy).toMatchObject({ label: null, citations: [], reasons: [NO_EVIDENCE] })
    expect(vpat).toMatchObject({ label: null, citations: [], reasons: [NO_EVIDENCE] })
  })

  it('reads a PDF sentence wrapped over lines, and word forms that differ ("backed up" / "backup")', async () => {
    const pdf = doc('catalog.pdf', [
      'Backups\nCatalog is backed up daily and backups are retained as follows:\n• Last 60 daily backups retained',
      'All code is reviewed and is scanned for security\nvulnerabilities (including dependencies) before release to\nproduction.',
    ])
    const [backup, scan] = await answer(
      [
        q('Are involatile backup copies made according to pre-defined schedules?'),
        q('Are your applications scanned for vulnerabilities prior to new releases?'),
      ],
      [pdf],
    )
    expect(backup!.label).toBe('YES')
    expect(backup!.citations[0]!.quote).toMatch(/backed up daily/)
    expect(scan!.label).toBe('YES')
    expect(scan!.citations[0]!.quote).toMatch(/scanned for security vulnerabilities/)
  })

  it('answers N/A when an "if you don\'t" condition is unmet, and No when a provider does the work', async () => {
    const ev = doc('overview.pdf', [
      'Our products support single sign-on with SAML 2.0 and CAS for all customers.',
      'We host on AWS. Instructure relies on AWS to design and operate the physical data centers and their access controls.',
    ])
    const [mfa, dc] = await answer(
      [
        q("If you don't support SSO, does your portal support multi-factor authentication?"),
        q('Does your company manage the physical data center where the data will reside?'),
      ],
      [ev],
    )
    expect(mfa).toMatchObject({ label: 'N/A', flagged: true })
    expect(mfa!.reasons[0]).toMatch(/asked only if you do not support SSO/)
    expect(dc).toMatchObject({ label: 'NO', flagged: true })
    expect(dc!.reasons[0]).toMatch(/provider/)
  })

  it('flags evidence that contradicts itself and cites both sides', async () => {
    const posthogLike = doc('security.md', [
      'PostHog is certified as SOC 2 Type II compliant, following an external audit.',
      'We are currently in the process of obtaining our SOC 2 Type II certification, and anticipate our report in July.',
    ])
    const [a] = await answer([q('Are you SOC 2 Type II certified?')], [posthogLike])
    expect(a!.flagged).toBe(true)
    expect(a!.reasons.join(' ')).toMatch(/contradicts itself/)
    expect(a!.citations).toHaveLength(2)
  })

  it('reads no contradiction between a stated practice and a sentence that only implies it is not needed', async () => {
    const question = q('Are you using a kiosk request filter (KRF)?')
    const stated = 'Kiosk request filter: we use a kiosk request filter (KRF) for all branch portals.'
    const implied = doc('kiosks.md', [
      stated,
      'The branch portal is also hardened so that it already stops what a kiosk request filter (KRF) would catch.',
    ])
    const [a] = await answer([question], [implied])
    expect(a!.label).toBe('YES')
    expect(a!.reasons.join(' ')).not.toMatch(/contradicts itself/)
    // Stated outright both ways, it is a contradiction.
    const both = doc('kiosks.md', [stated, 'We do not use a kiosk request filter (KRF) for the branch portals.'])
    const [b] = await answer([question], [both])
    expect(b!.reasons.join(' ')).toMatch(/contradicts itself/)
  })

  it('makes dependent questions follow their parent, flagged only for their own sake, and repeats answers to repeated questions', async () => {
    const parent = q('Do you operate a drone delivery fleet for customer data?')
    const child = q('If yes, are the drones encrypted?', { dependsOn: { key: parent.key, when: 'YES' } })
    const first = q('Do you require multi-factor authentication for employees?')
    const again = q('Do you require multi-factor authentication for employees?')
    const drones = doc('ops.pdf', ['We do not operate a drone delivery fleet for customer data.'])
    const [p, c, a, b] = await answer([parent, child, first, again], [drones])
    expect(p).toMatchObject({ label: 'NO', flagged: true })
    // The flagged parent says that a row follows it; the row is not flagged for the parent's sake.
    expect(p!.reasons.at(-1)).toBe('1 row follows this answer as N/A: if you change it, answer that row too')
    expect(c).toMatchObject({ label: 'N/A', dependencyOf: parent.key, flagged: false, reasons: [] })
    expect(c!.text).toBe(
      `Not applicable: ${parent.id} was answered NO; if you change ${parent.id}, answer this row too.`,
    )
    expect({ ...b, key: a!.key, rules: a!.rules }).toEqual(a)
    expect(b!.rules).toContain('repeated-question')
    // A parent left for the user decides nothing: the dependent row is answered (or left) on its own.
    const [p2, c2] = await answer([parent, child])
    expect(p2!.label).toBeNull()
    expect(c2).toMatchObject({ label: null, flagged: true })
    expect(c2!.dependencyOf).toBeUndefined()
  })

  it('flags questions that commit the vendor to an obligation, whatever the evidence', async () => {
    const [a] = await answer([q('Will you notify the institution within 72 hours of a penetration test finding?')])
    expect(a!.flagged).toBe(true)
    expect(a!.reasons.join(' ')).toMatch(/commits you to a notification window/)
  })

  it('flags answers resting on an audit period that ended over 12 months ago', async () => {
    const soc = doc('soc3.pdf', [
      'Controls were effective throughout the period July 1, 2022 to June 30, 2023, based on the trust services criteria.',
      'Instructure undergoes an annual SOC 2 Type II audit of its controls.',
    ])
    const [a] = await answer([q('Do you undergo an annual SOC 2 Type II audit?')], [soc])
    expect(a!.reasons.join(' ')).toMatch(
      /evidence period has lapsed: soc3\.pdf covers a period that ended June 30, 2023/,
    )
    expect(a!.flagged).toBe(true)
  })

  it('reuses a previously answered question, citing its file and cell', async () => {
    const library: LibraryEntry[] = [
      {
        file: 'old.xlsx',
        location: 'Sheet1!C4',
        commentLocation: 'Sheet1!D4',
        question: 'Do you encrypt backups?',
        answer: 'Yes',
        comment: 'Backups are encrypted with AES-256.',
      },
    ]
    const old = doc('old.xlsx', [], {
      library,
      passages: [
        { file: 'old.xlsx', location: 'Sheet1!C4', text: 'Yes' },
        { file: 'old.xlsx', location: 'Sheet1!D4', text: 'Backups are encrypted with AES-256.' },
      ],
    })
    const [a] = await answer([q('Do you encrypt backups?')], [old])
    expect(a).toMatchObject({ label: 'YES', flagged: false, reusedFrom: 'old.xlsx, Sheet1!C4' })
    expect(a!.citations).toEqual([
      { file: 'old.xlsx', location: 'Sheet1!C4', quote: 'Yes' },
      { file: 'old.xlsx', location: 'Sheet1!D4', quote: 'Backups are encrypted with AES-256.' },
    ])
  })

  it('ignores evidence that is not in English rather than quoting it for English questions', async () => {
    const es = doc('resumen.pdf', ['Todos los empleados deben usar 2FA en cada cuenta de la empresa.'], {
      language: 'Spanish',
    })
    const [a] = await answer([q('Do you require multi-factor authentication for employees?')], [es])
    expect(a!.reasons).toContain(NO_EVIDENCE)
  })

  it('is deterministic', async () => {
    const questions = [
      q('Are application databases encrypted at rest?'),
      q('Do you conduct pen tests at least annually?'),
    ]
    expect(await answer(questions)).toEqual(await answer(questions))
  })
})

describe('OfflineEngine on questions about past events', () => {
  it('does not read a response plan as proof that an incident happened', async () => {
    const plan = doc('bcp.pdf', [
      'Our business continuity plan covers unplanned disruption of the service and is tested annually.',
    ])
    const [a] = await new OfflineEngine(NOW).answer(
      qn([q('Have you had an unplanned disruption to this service in the last 12 months?')]),
      [plan],
    )
    expect(a).toMatchObject({ label: null, flagged: true, citations: [] })
    expect(a!.reasons).toContain(
      'asks whether something happened: the evidence describes practices, not events; needs your answer',
    )
  })

  it('answers from a sentence that states the history itself, for a person to confirm', async () => {
    const overview = doc('overview.md', [
      'Our business continuity plan covers security breaches and is tested annually.',
      'We have not had a security breach in the last five years.',
    ])
    const [a] = await new OfflineEngine(NOW).answer(qn([q('Have you had a data breach in the last 5 years?')]), [
      overview,
    ])
    expect(a).toMatchObject({
      label: 'NO',
      flagged: true,
      citations: [{ quote: 'We have not had a security breach in the last five years.' }],
    })
  })

  it('flags an answer whose sentence does not name the kind the question asks about ("host-based")', async () => {
    const general = doc('ids.md', [
      'We run intrusion detection on every production system, with alerts to the on-call engineer.',
    ])
    const [a] = await answer([q('Do you run host-based intrusion detection on production systems?')], [general])
    expect(a!.label).toBe('YES')
    expect(a!.flagged).toBe(true)
    expect(a!.reasons.join(' ')).toContain('"host-based"')
    const specific = doc('ids.md', [
      'We run host-based intrusion detection on every production system, with alerts to the on-call engineer.',
    ])
    const [b] = await answer([q('Do you run host-based intrusion detection on production systems?')], [specific])
    expect(b!.reasons.join(' ')).not.toContain('host-based')
    // "Hosted" shares the stem of "host" but names no host.
    const hosted = doc('ids.md', [
      'We run intrusion detection for every service hosted on our production systems, with alerts to the on-call engineer.',
    ])
    const [c] = await answer([q('Do you run host-based intrusion detection on production systems?')], [hosted])
    expect(c!.reasons.join(' ')).toContain('"host-based"')
  })

  it('takes a kind as named when the sentence says it, its words read as a concept or not', async () => {
    const rbac = doc('iam.md', [
      'User management: users are provisioned with least privilege and role-based access control.',
    ])
    const [a] = await answer([q('Do you support role-based access control for system administrators?')], [rbac])
    expect(a!.label).toBe('YES')
    expect(a!.reasons.join(' ')).not.toContain('role-based')
  })

  it('flags a Yes to "is it documented?" from a sentence that names no document', async () => {
    const question = 'Do you have a documented vulnerability management process?'
    const practice = doc('vm.md', [
      'Vulnerability management: scanners run weekly and findings are fixed within 30 days.',
    ])
    const [a] = await answer([q(question)], [practice])
    expect(a!.label).toBe('YES')
    expect(a!.flagged).toBe(true)
    expect(a!.confidence).toBeLessThan(0.85)
    expect(a!.reasons).toContain('the evidence does not say it is documented')
    const policy = doc('vm.md', ['Our vulnerability management policy defines weekly scans and fixes within 30 days.'])
    const [b] = await answer([q(question)], [policy])
    expect(b!.reasons.join(' ')).not.toContain('documented')
  })

  it('reads a document as a noun: "standard" as a kind and "planning" as an activity name none; a runbook does', async () => {
    const question = 'Do you have a documented kiosk repair process?'
    const said = async (sentence: string) =>
      (await answer([q(question)], [doc('kiosk.md', [sentence])]))[0]!.reasons.join(' ')
    expect(await said('Our kiosk repair process uses standard parts and careful planning by each clerk.')).toContain(
      'documented',
    )
    expect(await said('Our kiosk repair process follows the clerk runbook, step by step.')).not.toContain('documented')
    expect(await said('Our kiosk repair process follows our manuals for each model.')).not.toContain('documented')
  })

  it('flags a Yes to "do you have a policy?" from a sentence that names no document, and only then', async () => {
    const practice = doc('kiosk.md', ['Clerks apply security patches to every kiosk within one day.'])
    const question = 'Do you have a policy and procedure for patching kiosks?'
    const [plan] = await answer([q(question)], [practice])
    expect(plan!.label).toBe('YES')
    expect(plan!.reasons).toContain('the evidence does not say it is documented')
    expect(plan!.confidence).toBeLessThan(0.85)
    const written = doc('kiosk.md', ['Our patch procedure has clerks apply security patches to kiosks within one day.'])
    const [named] = await answer([q(question)], [written])
    expect(named!.reasons.join(' ')).not.toContain('documented')
    // A policy of another thing ("disclosure policy") is not the one asked for.
    const other = doc('kiosk.md', ['A disclosure policy lets clerks report security patches that fail on kiosks.'])
    const [disclosure] = await answer([q(question)], [other])
    expect(disclosure!.label).toBe('YES')
    expect(disclosure!.reasons).toContain('the evidence does not say it is documented')
    // Encryption asked for too: the sentence may answer the question without a document.
    const kiosks = doc('kiosk.md', ['Every kiosk encrypts clerk data with AES-256.'])
    const [both] = await answer([q('Do your kiosks have encryption and policies for clerk data?')], [kiosks])
    expect(both!.label).toBe('YES')
    expect(both!.reasons.join(' ')).not.toContain('documented')
  })

  it('flags a Yes that answers only the first of two questions, quoting the second', async () => {
    const question = 'Are backups encrypted, and are they tested monthly?'
    const encrypted = doc('backups.md', ['All backups are encrypted with AES-256.'])
    const [a] = await answer([q(question)], [encrypted])
    expect(a!.label).toBe('YES')
    expect(a!.confidence).toBeLessThan(0.85)
    expect(a!.reasons).toContain(
      'the question also asks "are they tested monthly": the evidence does not answer that part',
    )
    const both = doc('backups.md', ['All backups are encrypted with AES-256 and tested monthly.'])
    const [b] = await answer([q(question)], [both])
    expect(b!.label).toBe('YES')
    expect(b!.reasons.join(' ')).not.toContain('also asks')
  })

  it('flags a Yes on the subject of a second question that never states the quality it asks of it', async () => {
    const question = 'Are kiosk ledgers reconciled by clerks, and is the ledger archive public?'
    const others = ['Office visitors sign in at the front desk.', 'Invoices are sent at the start of each month.']
    const archive = doc('ledgers.md', [
      'Clerks reconcile kiosk ledgers nightly and keep every ledger in the archive.',
      ...others,
    ])
    const [a] = await answer([q(question)], [archive])
    expect(a!.label).toBe('YES')
    expect(a!.reasons).toContain(
      'the question also asks "is the ledger archive public": the evidence does not answer that part',
    )
    const published = doc('ledgers.md', [
      'Clerks reconcile kiosk ledgers nightly and keep every ledger in the archive, which is public.',
      ...others,
    ])
    const [b] = await answer([q(question)], [published])
    expect(b!.label).toBe('YES')
    expect(b!.reasons.join(' ')).not.toContain('also asks')
  })

  it('flags a Yes from a sentence that does not name where the question confines its subject', async () => {
    const question = 'Do you require multi-factor authentication for remote contractors?'
    const staff = doc('mfa.md', ['Multi-factor authentication is required on every employee account.'])
    const [a] = await answer([q(question)], [staff])
    expect(a!.label).toBe('YES')
    expect(a!.confidence).toBeLessThan(0.85)
    expect(a!.reasons).toContain('the evidence does not say it applies "for remote contractors"')
    const contractors = doc('mfa.md', ['Multi-factor authentication is required for all remote contractors.'])
    const [b] = await answer([q(question)], [contractors])
    expect(b!.label).toBe('YES')
    expect(b!.reasons.join(' ')).not.toContain('does not say it applies')
  })

  it('reads the place or party of the scope as a thing: a verb of the same stem does not name it', async () => {
    const question = 'Do you have a policy for sharing kiosk footage with law enforcement?'
    const verb = doc('kiosk.md', ['Branch managers write and enforce the written policy for sharing kiosk footage.'])
    const [a] = await answer([q(question)], [verb])
    expect(a!.label).toBe('YES')
    expect(a!.reasons).toContain('the evidence does not say it applies "with law enforcement"')
    const noun = doc('kiosk.md', [
      'Our written policy for sharing kiosk footage with law enforcement is approved yearly.',
    ])
    const [b] = await answer([q(question)], [noun])
    expect(b!.label).toBe('YES')
    expect(b!.reasons.join(' ')).not.toContain('does not say it applies')
  })
})

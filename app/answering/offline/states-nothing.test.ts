import { describe, expect, it } from 'vitest'
import { questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { extractEvidence } from '../../evidence/extract.server'
import { NO_EVIDENCE } from '../contract'
import type { Answer, RuleName } from '../model'
import { questionParts } from '../retrieval/query'
import { questionTerms, words } from '../retrieval/terms'
import type { Ask } from './ask'
import { OfflineEngine } from './engine'
import { tagWords } from '../retrieval/grammar'
import { keyWordElsewhere, spanOf, writtenIn } from './reading-rules'
import { readSubject } from './subject'

const engine = () => new OfflineEngine({ now: new Date('2025-01-01') })
const policy = (text: string) => extractEvidence([{ name: 'policy.md', bytes: new TextEncoder().encode(text) }])
const quotes = (a: { citations: { quote: string }[] }) => a.citations.map((c) => c.quote).join(' | ')
/** The engine's answers to yes/no questions from one policy file of these lines. */
const answersTo = async (lines: string[], questions: string[]) =>
  engine().answer(questionnaireOf(questions.map((q) => yesNoQuestion(q))), await policy(lines.join('\n')))
/** Paragraphs on nothing a question asks, so that the words the questions share with the evidence weigh as in a real file. */
const UNRELATED = [
  'Office visitors sign in at the front desk.',
  '',
  'The support desk is open on weekdays.',
  '',
  'Invoices are sent at the start of each month.',
]
/**
 * The engine's answer to one yes/no question from one sentence under a heading, among unrelated paragraphs (and any
 * more given): a Yes.
 */
const yesFrom = async (heading: string, sentence: string, question: string, more: string[] = []) => {
  const [answer] = await answersTo(
    [`# ${heading}`, '', sentence, '', ...more.flatMap((m) => [m, '']), ...UNRELATED],
    [question],
  )
  expect(answer!.label, sentence).toBe('YES')
  return answer!
}
/** A Yes from each sentence (under the heading) that the rule left alone. */
const expectLeftAlone = async (heading: string, sentences: readonly string[], question: string, rule: RuleName) => {
  for (const sentence of sentences)
    expect((await yesFrom(heading, sentence, question)).rules, sentence).not.toContain(rule)
}
/** An answer the rule flagged, for the reason given. */
const expectFlagged = (answer: Answer, rule: RuleName, reason: RegExp) => {
  expect(answer.rules).toContain(rule)
  expect(answer.flagged).toBe(true)
  expect(answer.reasons.join(' ')).toMatch(reason)
}

// Invented text throughout: a vendor's FAQ that pastes an earlier questionnaire, and a product page.
describe('sentences that state nothing', () => {
  it('never answers from a question in the evidence (rule question-in-evidence), but from its answer', async () => {
    const evidence = await policy(
      [
        '# Security FAQ',
        '',
        'Is there a formal vendor risk management program with annual reviews?',
        '',
        'Suppliers with access to customer data sign a data processing agreement before onboarding.',
      ].join('\n'),
    )
    const [answer] = await engine().answer(
      questionnaireOf([yesNoQuestion('Do you have a formal vendor risk management program with annual reviews?')]),
      evidence,
    )
    expect(quotes(answer!)).not.toMatch(/\?/)
    expect(answer!.rules).toContain('question-in-evidence')
    expect(answer!.confidence).toBeLessThan(0.85)
  })

  it('reads a leading condition as where the question applies, not as what it asks', async () => {
    expect(questionParts('For accounts that sign in without SSO, does the product offer MFA?').asked).toBe(
      'does the product offer MFA?',
    )
    expect(questionParts('If mobile, is the app signed?').asked).toBe('is the app signed?')
    // The question points back to its condition: the condition is its subject.
    expect(questionParts('If you have a SOC 2 report, does it cover privacy?').asked).toBe(
      'If you have a SOC 2 report, does it cover privacy?',
    )
    // Not a condition: no auxiliary opens the question after the comma.
    expect(questionParts('For each release, list the tests run.').asked).toBe('For each release, list the tests run.')

    const evidence = await policy(
      [
        '# Sign-in',
        '',
        'Customers can use single sign-on (SSO) with SAML 2.0 or OpenID Connect identity providers.',
        '',
        'Local accounts are protected by multi-factor authentication with an authenticator app.',
      ].join('\n'),
    )
    const [mfa, complexity] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('For accounts that sign in without SSO, is multi-factor authentication offered?'),
        yesNoQuestion('For accounts that sign in without SSO, are password length rules enforced?'),
      ]),
      evidence,
    )
    expect(mfa!.label).toBe('YES')
    expect(quotes(mfa!)).toMatch(/^Local accounts are protected by multi-factor authentication/)
    // Nothing says anything of passwords: the SSO sentence does not answer it.
    expect(quotes(complexity!)).not.toMatch(/single sign-on/)
  })
})

describe('named standards (rule name-never-mentioned)', () => {
  it('leaves a question about standards no file names for the user, naming them', async () => {
    const evidence = await policy(
      [
        '# Media disposal',
        '',
        'Retired disks are wiped with a three-pass overwrite and then shredded by a certified contractor.',
        '',
        'We hold an ISO 27001 certificate for the hosting platform.',
      ].join('\n'),
    )
    const [nist, iso] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Do disk wipes follow NIST SP 800-88 or DoD 5220.22-M?'),
        yesNoQuestion('Do you hold an ISO 27001 certificate?'),
      ]),
      evidence,
    )
    expect(nist).toMatchObject({ label: null, rule: 'name-never-mentioned', flagged: true })
    expect(nist!.reasons).toEqual([NO_EVIDENCE])
    expect(nist!.text).toBe(
      'No evidence found in the uploaded files: needs your answer (they never name NIST SP 800-88 or DoD 5220.22-M).',
    )
    // A standard the evidence names is answered as before.
    expect(iso!.label).toBe('YES')
    expect(iso!.rules).not.toContain('name-never-mentioned')
  })
  it('treats a name written with a capital inside it as a named scheme: never named, never answered', async () => {
    const evidence = await policy(
      [
        '# Sign-in',
        '',
        'Staff sign in through our identity federation with SAML single sign-on.',
        '',
        'Source code is hosted on QuillHub with branch protection on every repository.',
      ].join('\n'),
    )
    const [scheme, hosted] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Do you belong to the TrellisNet or another lanternID-backed trust federation?'),
        yesNoQuestion('Is your source code hosted on QuillHub?'),
      ]),
      evidence,
    )
    // Before: Yes from the federation sentence, which names neither scheme.
    expect(scheme).toMatchObject({ label: null, rule: 'name-never-mentioned', flagged: true })
    expect(scheme!.text).toMatch(/\(they never name TrellisNet or lanternID\)\.$/)
    // A name the evidence uses is answered as before.
    expect(hosted!.label).toBe('YES')
    expect(hosted!.rules).not.toContain('name-never-mentioned')
  })
})

describe('negating prefixes', () => {
  it('reads "de-identify", "non-production" as their own words, not as the word they negate', () => {
    expect(words('de-identified data in non-production systems')).toEqual([
      'deidentifi',
      'data',
      'nonproduct',
      'system',
    ])
    // Written solid or hyphenated, the same word.
    expect(words('anti-virus')).toEqual(words('antivirus'))
    expect(words('un-encrypted')).toEqual(words('unencrypted'))
  })
})

describe("the question's key word elsewhere (rule key-word-elsewhere)", () => {
  // The Ask as the rule reads it: the query, the deciding sentence and how many sentences use a term.
  const ask = (lead: string[], context: string[], df: Record<string, number>) =>
    ({
      asked: 'Will any external authentication system be used by the application?',
      query: [
        { term: 'extern', weight: 3.2, core: true },
        { term: 'authent', weight: 2.9, core: true },
        { term: 'applic', weight: 0.9 },
        { term: '#sso', weight: 7, core: true },
      ],
      lead: { hit: { sentence: { terms: new Set(lead), context: new Set(context), section: new Set(context) } } },
      index: { df: (t: string) => df[t] ?? 0 },
    }) as unknown as Ask

  it('names the heaviest core word that other passages use and the quote does not', () => {
    expect(keyWordElsewhere(ask(['authent', 'applic'], [], { extern: 2, authent: 5 }))).toBe('external')
  })

  it('says nothing when the quote or its context names it, or no passage does, or it is a concept', () => {
    expect(keyWordElsewhere(ask(['extern', 'authent'], [], { extern: 2 }))).toBeUndefined()
    expect(keyWordElsewhere(ask(['authent'], ['extern'], { extern: 2 }))).toBeUndefined()
    expect(keyWordElsewhere(ask(['authent'], [], { authent: 5 }))).toBeUndefined()
  })
})

describe('lead-in sentences (rule lead-in)', () => {
  it('does not answer from a sentence that only introduces what follows', async () => {
    // Invented text: the only sentence naming the question's words is the line that opens a table.
    const evidence = await policy(
      [
        '# Cryptography',
        '',
        'The following table lists which hosting company staff can read the encryption keys:',
        '',
        '| Region | Cipher |',
        '| --- | --- |',
        '| Europe | AES-256-GCM |',
        '',
        'Staff sign the acceptable use agreement every year.',
      ].join('\n'),
    )
    const [answer] = await engine().answer(
      questionnaireOf([yesNoQuestion('Can hosting company staff read the encryption keys?')]),
      evidence,
    )
    expect(answer!.citations.map((c) => c.quote).join(' ')).not.toMatch(/following table/)
    expect(answer!.rules).toContain('lead-in')
    expect(answer).toMatchObject({ label: null })
  })

  it('still answers from the lines a lead-in introduces', async () => {
    const evidence = await policy(
      [
        '# Backups',
        '',
        'Our backup arrangements are as follows:',
        '',
        '- Customer databases are backed up every night and the backups are encrypted.',
        '- Backup restores are tested every quarter.',
      ].join('\n'),
    )
    const [answer] = await engine().answer(
      questionnaireOf([yesNoQuestion('Are customer databases backed up every night?')]),
      evidence,
    )
    expect(answer!.label).toBe('YES')
    expect(answer!.citations[0]!.quote).toMatch(/^Customer databases are backed up every night/)
  })
})

describe('pointers to elsewhere (rule points-elsewhere)', () => {
  it('does not answer from a sentence that only sends the reader on, but from one that states the practice', async () => {
    const evidence = await policy(
      [
        '# Ledger privacy',
        '',
        'For more information on ledger privacy reviews, please see the Harbor Ledger privacy page.',
        '',
        'Read access to the ledger archive is limited to two named auditors.',
      ].join('\n'),
    )
    const [review, access] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Do you run ledger privacy reviews?'),
        yesNoQuestion('Is read access to the ledger archive limited?'),
      ]),
      evidence,
    )
    // Before: Yes at full confidence, quoting the pointer.
    expect(quotes(review!)).not.toMatch(/please see/)
    expect(review!.rules).toContain('points-elsewhere')
    expect(review!.label).toBeNull()
    // "Read access ..." states something: it is no pointer.
    expect(access!.label).not.toBeNull()
    expect(quotes(access!)).toMatch(/^Read access to the ledger archive/)
  })

  it('reads a sentence saying only where a document is published as that document existing, nothing more', async () => {
    const lines = [
      '# Ledger privacy',
      '',
      'Our ledger privacy policy is available at https://ledger.example/policies/privacy.',
      '',
      ...UNRELATED,
    ]
    const [has, staff, complaints] = await answersTo(lines, [
      'Does your organization have a ledger privacy policy?',
      'Do you have a dedicated ledger privacy staff or office?',
      'Do you have ledger privacy complaint procedures?',
    ])
    // It says the policy exists: that answers the question asking for the policy.
    expect(has!.label).toBe('YES')
    expect(quotes(has!)).toMatch(/is available at/)
    // Before: Yes for a privacy office and for complaint procedures, from the link to the policy.
    for (const other of [staff!, complaints!]) {
      expect(other.rules).toContain('points-elsewhere')
      expect(other.label).toBeNull()
    }
    // A free-text question may ask for the reference itself.
    const [reference] = await engine().answer(
      questionnaireOf([yesNoQuestion('Provide a reference to your ledger privacy policy.', { allowed: undefined })]),
      await policy(lines.join('\n')),
    )
    expect(quotes(reference!)).toMatch(/is available at/)
  })

  it('knows a pointer that lists what it points to ("For information on A, B, and C, please see ...")', async () => {
    const evidence = await policy(
      [
        '# Ledger',
        '',
        'For information on ledger retention plans, archive formats, and common auditor questions, please see our Ledger Handbook.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [plans] = await engine().answer(
      questionnaireOf([yesNoQuestion('Are ledger retention plans documented?')]),
      evidence,
    )
    // Before: Yes from the pointer, whose list of topics kept it from reading as one.
    expect(plans!.rules).toContain('points-elsewhere')
    expect(plans!.label).toBeNull()
  })

  it('knows a pointer behind a condition ("If you ..., please review our ...")', async () => {
    const [list, review] = await answersTo(
      [
        '# Ledger',
        '',
        'If you are an auditor, please review our Ledger Privacy policy before your visit.',
        '',
        'Review of ledger access rights is done every quarter.',
        '',
        ...UNRELATED,
      ],
      ['Do you keep a documented list of the ledger privacy fields?', 'Are ledger access rights reviewed?'],
    )
    // Before: Yes at 0.95 from the pointer.
    expect(list!.rules).toContain('points-elsewhere')
    expect(list!.label).toBeNull()
    // "Review of ..." opens a statement: only "please review" points.
    expect(review!.label).toBe('YES')
    expect(quotes(review!)).toMatch(/^Review of ledger access rights/)
  })
})

describe('a sentence copied into another file', () => {
  it('is the same statement again: neither an agreeing passage nor a second citation', async () => {
    const page = ['# Backups', '', 'Nightly snapshots of the ledger store are copied to a second region.'].join('\n')
    const copied = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) })
    const question = yesNoQuestion('Are nightly snapshots of the ledger store copied to a second region?')
    const [once] = await engine().answer(questionnaireOf([question]), await policy(page))
    const [twice] = await engine().answer(
      questionnaireOf([question]),
      await extractEvidence([copied('handbook.md', page), copied('handbook-2019-export.md', page)]),
    )
    expect(twice!.label).toBe('YES')
    // Before: two citations of one sentence, and the copy counted as a passage that agrees.
    expect(twice!.citations).toHaveLength(1)
    expect(twice!.signals?.agreeing).toBe(0)
    expect(twice!.confidence).toBe(once!.confidence)
  })
})

describe('laws and federations are names, not spellings of a concept', () => {
  it('does not answer a question about a named law or federation from sentences on privacy or sign-in', async () => {
    const evidence = await policy(
      [
        '# Customer records',
        '',
        'Customer records are handled under our privacy policy and reviewed every spring.',
        '',
        'Staff sign in with SAML single sign-on through the company identity provider.',
      ].join('\n'),
    )
    const [law, federation, privacy] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Does your platform store COPPA-covered customer records?'),
        yesNoQuestion('Is your company a member of InCommon?'),
        yesNoQuestion('Are customer records handled under a privacy policy?'),
      ]),
      evidence,
    )
    // Before: Yes from the privacy sentence (COPPA was a spelling of privacy) and from the SAML one (InCommon of SSO).
    expect(law!.label).toBeNull()
    expect(federation).toMatchObject({ label: null, rule: 'name-never-mentioned' })
    expect(privacy!.label).toBe('YES')
  })
})

describe('a stop word in capitals', () => {
  it('reads "US" as the country, not the pronoun "us"', async () => {
    const evidence = await policy(
      [
        '# Ledger hosting',
        '',
        'Write to us to request an export of your ledger data.',
        '',
        'Ledger data is hosted in two regions of the EU.',
      ].join('\n'),
    )
    const [answer] = await engine().answer(
      questionnaireOf([yesNoQuestion('Is ledger data hosted only in the US?')]),
      evidence,
    )
    // Before: "us" in "Write to us" named the country the question asks about.
    expect(quotes(answer!)).not.toMatch(/Write to us/)
    expect(words('Write to us from the US about IT')).toEqual(['write', 'us', 'it'])
  })
})

describe('a subject named by its modifier alone', () => {
  it('never takes a sentence that names only a modifier of the subject for one that names it (rule subject-phrase)', async () => {
    const evidence = await policy(
      [
        '# Support',
        '',
        'Urgent requests from customers are approved by a second engineer within two hours.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [urgent, requests] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Are urgent releases approved by a second engineer?'),
        yesNoQuestion('Are urgent requests approved by an engineer?'),
      ]),
      evidence,
    )
    // "Urgent requests" names the modifier of "urgent releases", not the releases.
    expect(urgent!.label).toBeNull()
    expect(urgent!.rule).toBe('subject-phrase')
    expect(requests!.label).toBe('YES')
  })

  it('reads a form word\'s modifier as the head when the phrase ends on a general noun ("X policies of all employees")', async () => {
    const evidence = await policy(
      [
        '# Staff',
        '',
        'Ledger procedures for new employees are kept by the head clerk.',
        '',
        ...UNRELATED,
        '',
        '# Kiosks',
        '',
        'Kiosk clerks reconcile every ledger nightly under a written reconciliation procedure.',
      ].join('\n'),
    )
    const question = (what: string) =>
      `Are ${what} policies and procedures of each new employee (including remote employees) established and communicated?`
    const [onboarding, reconciliation] = await engine().answer(
      questionnaireOf([yesNoQuestion(question('badge issuance')), yesNoQuestion(question('reconciliation'))]),
      evidence,
    )
    // A sentence on the employees' procedures names neither badges nor reconciliation: the head is the form word's
    // modifier, and the reconciliation question is answered from the sentence that names it.
    expect(onboarding!.label).toBeNull()
    expect(reconciliation!.label).toBe('YES')
    expect(reconciliation!.citations[0]!.quote).toContain('reconciliation procedure')
  })
})

describe('a practice the quote never states', () => {
  it('flags "Do you <verb> personal data?" answered from a sentence that only names the data (rule practice-unstated)', async () => {
    const evidence = await policy(
      [
        '# Privacy',
        '',
        'Personal data is handled as described in our privacy notice.',
        '',
        ...UNRELATED,
        '',
        'Personal data in exports is pseudonymized before it leaves the product.',
      ].join('\n'),
    )
    const [mask, pseudonymize] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Do you tokenize or otherwise mask personal data?'),
        yesNoQuestion('Do you pseudonymize personal data?'),
      ]),
      evidence,
    )
    expect(mask!.confidence).toBeLessThan(0.85)
    expect(mask!.reasons.join(' ')).toMatch(/"tokenize" or "mask"/)
    // The sentence that states the practice answers it.
    expect(pseudonymize!.label).toBe('YES')
    expect(pseudonymize!.confidence).toBeGreaterThanOrEqual(0.85)
    expect(quotes(pseudonymize!)).toMatch(/pseudonymized/)
  })

  it('reads the participle a passive question asks of a subject of its own, not one that describes the subject', async () => {
    const question = 'Are kiosk ledgers reconciled every week?'
    const answer = await yesFrom(
      'Kiosk ledgers',
      'Kiosk ledgers are printed every week and filed at the branch.',
      question,
    )
    expectFlagged(answer, 'practice-unstated', /does not state the practice asked \("reconciled"\)/)
    await expectLeftAlone('Kiosk ledgers', ['Kiosk ledgers are reconciled every week.'], question, 'practice-unstated')
    // "printed by the clerk" describes the ledgers; what is asked of them is a form word.
    await expectLeftAlone(
      'Kiosk ledgers',
      ['Kiosk ledgers from the clerk desk are documented and maintained at every branch.'],
      'Are kiosk ledgers printed by the clerk documented and maintained?',
      'practice-unstated',
    )
  })

  it("reads the participle as the practice when the passive question's subject is general words only", async () => {
    const question = 'Are your systems and applications vetted for vulnerabilities?'
    const lines = (sentence: string) => ['# Branches', '', sentence, '', ...UNRELATED]
    const [reported] = await answersTo(lines('Report vulnerabilities in kiosk applications to the branch desk.'), [
      question,
    ])
    // "Report vulnerabilities" names the vulnerabilities, not a vetting of them.
    expect(reported!.label).toBe('YES')
    expect(reported!.reasons.join(' ')).toMatch(/does not state the practice asked \("vetted"\)/)
    expect(reported!.confidence).toBeLessThan(0.85)
    // The sentence that names the participle answers it.
    const [vetted] = await answersTo(
      lines('Kiosk applications are vetted for vulnerabilities by the branch manager.'),
      [question],
    )
    expect(vetted!.label).toBe('YES')
    expect(vetted!.reasons.join(' ')).not.toMatch(/practice asked/)
    expect(vetted!.confidence).toBeGreaterThanOrEqual(0.85)
  })

  it('reads the participle as the practice when the question asks what can be done, whatever its subject', async () => {
    const question = 'Can kiosk access be filtered by branch network address?'
    const lines = (sentence: string) => ['# Branches', '', sentence, '', ...UNRELATED]
    // Logging each access by address names the access and the address, not a filter on them.
    const [logged] = await answersTo(lines('We log every kiosk access by branch network address.'), [question])
    expect(logged!.label).toBe('YES')
    expect(logged!.reasons.join(' ')).toMatch(/does not state the practice asked \("filtered"\)/)
    expect(logged!.confidence).toBeLessThan(0.85)
    const [filtered] = await answersTo(lines('Kiosk access is filtered by branch network address at the firewall.'), [
      question,
    ])
    expect(filtered!.label).toBe('YES')
    expect(filtered!.reasons).toEqual([])
    expect(filtered!.confidence).toBeGreaterThanOrEqual(0.85)
  })
})

describe('a compound the quote names only by its adjective', () => {
  it('flags a Yes whose sentence names the adjective of a general-headed compound but none of its nouns (rule compound-unstated)', async () => {
    const question = 'Do you have existing rural banking customers?'
    const lines = (sentence: string) => ['# Branches', '', sentence, '', ...UNRELATED]
    const [kiosks] = await answersTo(lines('Our rural kiosks serve customers on weekends.'), [question])
    // "Rural kiosks" names what is rural, not a rural banking customer.
    expect(kiosks!.label).toBe('YES')
    // Quoted as the question writes it, the general noun it qualifies included.
    expect(kiosks!.reasons.join(' ')).toMatch(/does not name "rural banking customers" as such/)
    expect(kiosks!.confidence).toBeLessThan(0.85)
    // The sentence that names the compound answers it.
    const [served] = await answersTo(lines('Rural banking customers are served by our kiosk network.'), [question])
    expect(served!.label).toBe('YES')
    expect(served!.reasons.join(' ')).not.toMatch(/as such/)
    expect(served!.confidence).toBeGreaterThanOrEqual(0.85)
  })
})

describe('a compound the quote names only inside another one (rule compound-elsewhere)', () => {
  const lines = (sentence: string) => ['# Branches', '', sentence, '', ...UNRELATED]
  // Each: the question, a sentence that names its key word only inside another compound (both compounds quoted in the
  // flag), and one that names the question's own compound, which answers it.
  const cases = [
    {
      // The qualifier on another noun: third-party adverts are no third-party inspection.
      question: 'Have your branches had a third-party safety inspection this year?',
      other: 'We place third-party adverts on branch kiosks.',
      flag: /speaks of "third-party adverts", not "third-party safety inspection"/,
      same: 'A third-party firm inspects every branch kiosk each year.',
    },
    {
      // Which word qualifies which: inspection software is software, not a software inspection process.
      question: 'Does each branch keep software inspection processes?',
      other: 'Our clerks rely on vault inspection software at every branch.',
      flag: /speaks of "vault inspection software", not "software inspection processes"/,
      same: 'Software inspection processes are followed at every branch.',
    },
    {
      // The head qualified by another noun, none of the question's qualifiers named.
      question: 'Is there an approved information security policy?',
      other: 'Our branch travel policy is reviewed every year.',
      flag: /speaks of "branch travel policy", not "approved information security policy"/,
      same: 'Our security policy is reviewed every year.',
    },
    {
      // The head only pointed at ("this list"), the question's qualifier named nowhere: a list named before, of anything.
      question: 'Do your clerks keep a kiosk access list up to date?',
      other: 'Clerks bring this list up to date every week.',
      flag: /speaks of "this list", not "kiosk access list"/,
      same: 'Clerks bring this access list up to date every week.',
    },
    {
      // The head said to be of something else ("a list of safeguards"), the question's qualifier named nowhere.
      question: 'Do your clerks keep a kiosk access list up to date?',
      other: 'Branch audits keep a long list of safeguards up to date for the clerks.',
      flag: /speaks of "a long list of safeguards", not "kiosk access list"/,
      same: 'Clerks keep the kiosk access list up to date every week.',
    },
    {
      // A concept spelled by two words ("physical security") is the compound's: "surveillance" qualifies audits here.
      question: 'Are physical security measures in place at each branch?',
      other: 'An outside firm runs surveillance audits of our kiosk software.',
      flag: /speaks of "surveillance audits", not "physical security measures"/,
      same: 'Physical security measures such as locked vaults are in place at each branch.',
    },
    {
      // The question's "designed" is a verb: it names no design the sentence's "design principle" could be.
      question: 'Are kiosk security principles designed into every branch?',
      other: 'Vault partitioning is a design principle of every branch.',
      flag: /speaks of "design principle", not "kiosk security principles"/,
      same: 'Kiosk security principles are designed into every branch.',
    },
    {
      // A concept the sentence spells in two words ("incident response") qualifies drills, not the metrics asked.
      question: 'Are security incident metrics kept for each branch?',
      other: 'Each branch runs incident response drills twice a year.',
      flag: /speaks of "incident response drills", not "security incident metrics"/,
      same: 'Security incident metrics are kept for each branch.',
    },
    {
      // The head named too, but as a thing of its own ("hands-free update"): the training is another compound's.
      question: 'Are regular ledger training updates provided to clerks?',
      other: 'Each branch gets hands-free update and repair services, and a ledger training package for clerks.',
      flag: /speaks of "ledger training package", not "regular ledger training updates"/,
      same: 'Clerks are provided ledger training updates every month.',
    },
  ]
  for (const { question, other, flag, same } of cases)
    it(`flags "${other}" for "${question}", not "${same}"`, async () => {
      const [elsewhere] = await answersTo(lines(other), [question])
      expect(elsewhere!.label).toBe('YES')
      expect(elsewhere!.reasons.join(' ')).toMatch(flag)
      expect(elsewhere!.confidence).toBeLessThan(0.85)
      const [named] = await answersTo(lines(same), [question])
      expect(named!.label).toBe('YES')
      expect(named!.reasons.join(' ')).not.toMatch(/speaks of/)
    })
})

describe('a compound whose other noun the question names elsewhere (rule compound-elsewhere, left alone)', () => {
  const lines = (sentence: string) => ['# Branches', '', sentence, '', ...UNRELATED]
  for (const [question, sentence] of <[string, string][]>[
    // The sentence's "third-party" qualifies audits, which the question asks about outside its compound.
    [
      'Is a yearly audit of your kiosks done by a third party specialist?',
      'We commission annual third-party audits of every kiosk.',
    ],
    // The sentence's "kiosk training" is the training the question names outside "security awareness".
    ["Does each clerk's training cover security awareness?", 'Every clerk completes kiosk training each spring.'],
    // The sentence's "data breach" is qualified by the data the question names outside "security incidents".
    ['Is kiosk data protected against security incidents?', 'Each kiosk has safeguards against a data breach.'],
    // A plan for the procedures the question asks of: two forms of one practice, whatever the sentence calls it.
    ['Are business continuity procedures kept at each branch?', 'Each branch keeps a business continuity plan.'],
  ])
    it(`answers "${question}" from "${sentence}" without the flag`, async () => {
      const [answer] = await answersTo(lines(sentence), [question])
      expect(answer!.label).toBe('YES')
      expect(answer!.reasons.join(' ')).not.toMatch(/speaks of/)
    })
})

describe('a sentence that only supposes what the question asks', () => {
  it('flags a Yes whose sentence names the question only in an "if" clause (rule supposed-only)', async () => {
    const question = 'Can your clerks open kiosks remotely?'
    const lines = (sentence: string) => ['# Branches', '', sentence, '', ...UNRELATED]
    const [supposed] = await answersTo(
      lines('If a clerk opens a kiosk remotely, the branch manager is told at once.'),
      [question],
    )
    expect(supposed!.label).toBe('YES')
    expect(supposed!.reasons.join(' ')).toMatch(/only supposes it \("If a clerk opens a kiosk remotely"\)/)
    expect(supposed!.confidence).toBeLessThan(0.85)
    // A condition whose main clause states the practice, and a "when" clause, say it is done.
    for (const sentence of [
      'If a kiosk jams, a clerk opens it remotely from the branch.',
      'When a clerk opens a kiosk remotely, the branch manager is told at once.',
    ]) {
      const [stated] = await answersTo(lines(sentence), [question])
      expect(stated!.label).toBe('YES')
      expect(stated!.reasons).toEqual([])
      expect(stated!.confidence).toBeGreaterThanOrEqual(0.85)
    }
  })
})

describe('parts the quote does not name', () => {
  it('flags "Does X include A, B, C and D?" answered from a sentence naming fewer than half of them (rule parts-unstated)', async () => {
    const question =
      'Does the branch change management process include peer approval, rollback plans, staging trials, and release notes before kiosk changes ship?'
    const lines = (sentence: string) => ['# Branches', '', sentence, '', ...UNRELATED]
    const [one] = await answersTo(
      lines('Branch kiosks follow a formal change management process with rollback plans.'),
      [question],
    )
    expect(one!.label).toBe('YES')
    expect(one!.reasons.join(' ')).toMatch(
      /does not name "peer approval", "staging trials", "release notes" among the parts asked/,
    )
    expect(one!.confidence).toBeLessThan(0.85)
    const [all] = await answersTo(
      lines(
        'The branch change management process includes peer approval, rollback plans, staging trials and release notes.',
      ),
      [question],
    )
    expect(all!.label).toBe('YES')
    expect(all!.reasons.join(' ')).not.toMatch(/parts asked/)
    expect(all!.confidence).toBeGreaterThanOrEqual(0.85)
  })
})

describe('a standard the quote never names', () => {
  it('flags an answer whose quote names none of the standards asked about or given as examples (rule name-unstated)', async () => {
    const evidence = await policy(
      [
        '# Assurance',
        '',
        'An independent firm issues our SOC 3 report every year.',
        '',
        'Our privacy programme follows ISO 27701.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [soc2, framework, iso] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Do you have a current SOC 2 report from an independent firm?'),
        yesNoQuestion('Do you follow a privacy framework (e.g., ISO 27701, NIST Privacy Framework)?'),
        yesNoQuestion('Does your privacy programme follow ISO 27701?'),
      ]),
      evidence,
    )
    // A SOC 3 report is not the SOC 2 report asked for.
    expect(soc2!.confidence).toBeLessThan(0.85)
    expect(soc2!.reasons.join(' ')).toMatch(/names none of "SOC 2"/)
    // The example named in the quote is enough.
    expect(framework!.reasons.join(' ')).not.toMatch(/names none of/)
    expect(iso!.label).toBe('YES')
    expect(iso!.reasons.join(' ')).not.toMatch(/names none of/)
  })
})

describe('a lone proper name the tagger reads (rules name-never-mentioned, name-unstated)', () => {
  it('leaves a question about a place or product no file names for the user, naming it', async () => {
    const evidence = await policy(
      [
        '# Hosting',
        '',
        'Customer records are stored in two data centres inside the European Union.',
        '',
        'Our business continuity plan is tested every year.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [country, union, plan] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Will customer records be stored in Norway?'),
        yesNoQuestion('Are customer records stored in the European Union?'),
        yesNoQuestion('Do you have a tested Business Continuity Plan?'),
      ]),
      evidence,
    )
    // Before: Yes from "stored in two data centres", which says nothing of the country asked about.
    expect(country).toMatchObject({ label: null, rule: 'name-never-mentioned', flagged: true })
    expect(country!.text).toMatch(/\(they never name Norway\)\.$/)
    // A name the evidence uses is answered as before; a term in title case is no name.
    expect(union!.label).toBe('YES')
    expect(union!.rules).not.toContain('name-never-mentioned')
    expect(plan!.label).toBe('YES')
    expect(plan!.rules).not.toContain('name-never-mentioned')
  })

  it('flags an answer whose quote does not name the product asked about, which another sentence does', async () => {
    const evidence = await policy(
      [
        '# Sign-in',
        '',
        'The mobile app supports sign-in authentication with a one-time code from an authenticator app.',
        '',
        'Our production network is separated from the internet by a firewall.',
        '',
        ...UNRELATED,
        '',
        '# Office',
        '',
        'Office laptops receive Zephyrgate tickets from the office server.',
      ].join('\n'),
    )
    const [product, internet] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Does the mobile app support Zephyrgate sign-in authentication?'),
        yesNoQuestion('Is your production network separated from the Internet?'),
      ]),
      evidence,
    )
    expect(quotes(product!)).toMatch(/^The mobile app supports/)
    expect(product!.confidence).toBeLessThan(0.85)
    expect(product!.reasons.join(' ')).toMatch(/names none of "Zephyrgate"/)
    // A capitalised word the evidence writes in lower case is a common word, not a name to find.
    expect(internet!.label).toBe('YES')
    expect(internet!.reasons.join(' ')).not.toMatch(/names none of/)
  })
})

describe('a term the question puts in quotation marks (rule name-unstated)', () => {
  it('flags a Yes whose quote says nothing of the quoted term, not one that says it or a verb asked about', async () => {
    const evidence = await policy(
      [
        '# Kiosk logs',
        '',
        'Kiosk logs are kept for a year on a dedicated log server.',
        '',
        'Clerks mask card numbers on every kiosk receipt.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [readOnly, kept, tokenized] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Is the kiosk log server "read-only" for clerks?'),
        yesNoQuestion('Are kiosk logs "kept" for a year?'),
        yesNoQuestion('Do you "tokenize" card numbers on kiosk receipts?'),
      ]),
      evidence,
    )
    // The log server is named, but nothing says clerks can only read it.
    expect(readOnly!.label).toBe('YES')
    expect(readOnly!.reasons.join(' ')).toMatch(/names none of "read-only"/)
    expect(readOnly!.confidence).toBeLessThan(0.85)
    // A quoted term the quote says is found.
    expect(kept!.label).toBe('YES')
    expect(kept!.reasons.join(' ')).not.toMatch(/names none of/)
    // A quoted verb asked about is the practice, which another rule reads: one reason, not two.
    expect(tokenized!.label).toBe('YES')
    expect(tokenized!.reasons.join(' ')).toMatch(/does not state the practice asked \("tokenize"\)/)
    expect(tokenized!.reasons.join(' ')).not.toMatch(/names none of/)
  })
})

describe('a title for a quote (rule title-only)', () => {
  it('flags a practice answered from a policy title in a list, but not a question whether the policy exists', async () => {
    const evidence = await policy(
      [
        '# Policies we maintain',
        '',
        '- Workstation Hardening Policy',
        '- Supplier Review Policy',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [practice, exists] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Are workstations hardened before first use?'),
        yesNoQuestion('Do you have a workstation hardening policy?'),
      ]),
      evidence,
    )
    // Before: Yes at 0.9 and more from the title alone.
    expect(quotes(practice!)).toBe('Workstation Hardening Policy')
    expect(practice!.confidence).toBeLessThan(0.85)
    expect(practice!.reasons.join(' ')).toMatch(/the quote is a title \("Workstation Hardening Policy"\)/)
    expect(exists!.label).toBe('YES')
    expect(exists!.reasons.join(' ')).not.toMatch(/is a title/)
  })
})

describe('a document asked of and not named (rule document-unstated)', () => {
  const question = 'Is there a written security policy?'

  it('flags a Yes from a sentence that names the practice by a sibling form word', async () => {
    const answer = await yesFrom(
      'Kiosk care',
      'We have procedures for handling security faults at every kiosk.',
      question,
    )
    expectFlagged(answer, 'document-unstated', /the evidence names no policy as such/)
  })

  it('leaves alone a sentence or a heading that names the document, and a subject that names something particular', async () => {
    await expectLeftAlone(
      'Kiosk care',
      ['Our security policy is reviewed by the branch manager each spring.'],
      question,
      'document-unstated',
    )
    await expectLeftAlone(
      'Security policy',
      ['We have procedures for handling security faults at every kiosk.'],
      question,
      'document-unstated',
    )
    // "kiosk" is particular: the subject check reads it, and this rule does not.
    await expectLeftAlone(
      'Kiosk care',
      ['We have procedures for handling security faults at every kiosk.'],
      'Is there a written kiosk security policy?',
      'document-unstated',
    )
  })
})

describe('a "that" clause the evidence does not state (rule clause-unstated)', () => {
  const sentence = 'The kiosk release review board verifies each release before it ships to a branch.'

  it('flags a Yes from a sentence that states the process and none of what the clause says', async () => {
    const answer = await yesFrom(
      'Branch rules',
      sentence,
      'Does the kiosk release review board verify that ledger plugins are supported?',
    )
    expectFlagged(answer, 'clause-unstated', /the evidence does not say that ledger plugins are supported/)
  })

  it('leaves alone a sentence that names what the clause says, and a question with no such clause', async () => {
    await expectLeftAlone(
      'Branch rules',
      [sentence],
      'Does the kiosk release review board verify that each release ships to a branch?',
      'clause-unstated',
    )
    await expectLeftAlone(
      'Branch rules',
      [sentence],
      'Does the kiosk release review board verify each release?',
      'clause-unstated',
    )
  })
})

describe('a practice granted only to another party (rule only-other-party)', () => {
  const lines = [
    '# Branch rules',
    '',
    'Clerks count the tills at closing time.',
    '',
    'Only the branch manager may open the safe.',
    '',
    ...UNRELATED,
  ]

  it('flags a Yes to "any" or "every" member of a party from a sentence that allows it only to another', async () => {
    const questions = ['Can any clerk open the safe?', 'Can anyone open the safe?', 'Do all clerks open the safe?']
    for (const answer of await answersTo(lines, questions)) {
      expect(answer.label).toBe('YES')
      expect(quotes(answer)).toBe('Only the branch manager may open the safe.')
      expectFlagged(answer, 'only-other-party', /the evidence allows it only to the branch manager/)
    }
  })

  it('leaves alone the same party, a question of no party, and "any" of things', async () => {
    const [manager, restricted] = await answersTo(lines, [
      'Can any branch manager open the safe?',
      'Is opening the safe restricted to the branch manager?',
    ])
    for (const answer of [manager!, restricted!]) {
      expect(answer.label).toBe('YES')
      expect(answer.rules).not.toContain('only-other-party')
    }
    await expectLeftAlone(
      'Branch rules',
      ['Only sealed tills are stored in the safe.'],
      'Are all tills in the safe sealed?',
      'only-other-party',
    )
  })
})

describe('a practice that was done and is no more (rule past-practice)', () => {
  it('flags a Yes from "used to" and from a year after "until" in the past tense', async () => {
    const used = await yesFrom(
      'Branch rules',
      'We used to count the kiosk tills twice a day.',
      'Are kiosk tills counted twice a day?',
    )
    expectFlagged(used, 'past-practice', /the evidence says it was done \("We used to count"\), not that it still is/)
    const until = await yesFrom(
      'Branch rules',
      'Kiosk tills were sealed every night until 2019.',
      'Are kiosk tills sealed every night?',
    )
    expectFlagged(until, 'past-practice', /\("until 2019"\)/)
    const event = await yesFrom(
      'Branch rules',
      'In 2023 an audit found that kiosk tills were sealed every night.',
      'Are kiosk tills sealed every night?',
    )
    expectFlagged(event, 'past-practice', /\("In 2023"\)/)
    const drill = await yesFrom(
      'Branch rules',
      'In the May 2024 drill the kiosk tills were sealed within an hour.',
      'Are kiosk tills sealed within an hour?',
    )
    expectFlagged(drill, 'past-practice', /\("In the May 2024"\)/)
    const during = await yesFrom(
      'Branch rules',
      'During the 2024 audit the kiosk tills were sealed every night.',
      'Are kiosk tills sealed every night?',
    )
    expectFlagged(during, 'past-practice', /\("During the 2024"\)/)
    // A question on what was done is answered by it.
    const done = await yesFrom(
      'Branch rules',
      'In 2023 an audit found that kiosk tills were sealed every night.',
      'Were kiosk tills sealed every night in 2023?',
    )
    expect(done.rules).not.toContain('past-practice')
  })

  it('leaves alone a participle "used to", a date a thing is valid until, and the present', async () => {
    await expectLeftAlone(
      'Branch rules',
      [
        'Kiosk tills used to hold coins are sealed every night.',
        'Kiosk till seals are valid until 2031 and are sealed every night.',
        'Kiosk tills are sealed every night.',
      ],
      'Are kiosk tills sealed every night?',
      'past-practice',
    )
  })
})

describe('a recommendation for a statement (rule instruction)', () => {
  it('flags a Yes from a sentence whose verb recommends, and leaves a participle alone', async () => {
    const question = 'Are kiosk keys rotated every quarter?'
    const advice = await yesFrom('Branch rules', 'Our auditors recommend rotating kiosk keys every quarter.', question)
    expectFlagged(advice, 'instruction', /an instruction or a goal/)
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk keys are rotated every quarter, as recommended by our auditors.'],
      question,
      'instruction',
    )
  })
})

describe("the customer's option for the vendor's practice (rule ability-not-rule)", () => {
  it('flags a Yes to what the vendor does from a sentence saying the customer can do it', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Customers can seal their exported ledgers with their own keys.',
      'Do you seal exported ledgers?',
    )
    expectFlagged(answer, 'ability-not-rule', /the quote says the customer can do it, not that you do/)
  })

  it('leaves alone a question of what the vendor offers, and a sentence where the vendor acts', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['Customers can seal their exported ledgers with their own keys.'],
      'Do you allow customers to seal exported ledgers?',
      'ability-not-rule',
    )
    await expectLeftAlone(
      'Branch rules',
      ['We seal every exported ledger with a branch key.'],
      'Do you seal exported ledgers?',
      'ability-not-rule',
    )
  })
})

describe('a practice said of some of a party the question asks of all (rule scope-narrower)', () => {
  it('flags a Yes from a sentence that says it, after the same preposition, of another party', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Two-factor sign-in is enforced for branch managers.',
      'Is two-factor sign-in enforced for all clerks?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it for branch managers, not for all clerks/)
    // A named place for another: "stored in the EU" for "in the US".
    const place = await yesFrom(
      'Branch rules',
      'Kiosk ledgers are stored in the EU.',
      'Are kiosk ledgers stored in the US?',
    )
    expectFlagged(place, 'scope-narrower', /the evidence says it in the EU, not in the US/)
  })

  it('leaves alone a sentence that says it of all, one naming the party, and a preposition of another word', async () => {
    await expectLeftAlone(
      'Branch rules',
      [
        'Two-factor sign-in is enforced for all clerks.',
        'Two-factor sign-in is enforced for clerks and branch managers.',
        'Two-factor sign-in is enforced, as a rule for the whole company, at every till.',
      ],
      'Is two-factor sign-in enforced for all clerks?',
      'scope-narrower',
    )
    // The same place, and a place that is no name ("in a steel vault").
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk ledgers are stored in the US.', 'Kiosk ledgers are stored in a steel vault.'],
      'Are kiosk ledgers stored in the US?',
      'scope-narrower',
    )
  })
})

describe('a connection between other ends (rule scope-narrower)', () => {
  it('flags a Yes from a sentence whose "between" names other ends than the question\'s', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Traffic between the tills and the ledger server is encrypted.',
      'Is traffic between branches encrypted?',
    )
    expectFlagged(
      answer,
      'scope-narrower',
      /the evidence says it between the tills and the ledger server, not between branches/,
    )
  })

  it('leaves alone the same ends, ends that share a word of the question\'s, and a sentence with no "between"', async () => {
    await expectLeftAlone(
      'Branch rules',
      [
        'Traffic between branches is encrypted.',
        // Ends that share the question's word: the branch's own server.
        'Traffic between the tills and the branch server is encrypted.',
        'All kiosk traffic is encrypted.',
      ],
      'Is traffic between branches encrypted?',
      'scope-narrower',
    )
  })
})

describe('a purpose the evidence does not state (rule purpose-unstated)', () => {
  const sentence = 'Clerks may ask that their kiosk ledgers be archived after closing.'

  it("flags a Yes from a sentence that says something else is done to the purpose's subject", async () => {
    const answer = await yesFrom(
      'Branch rules',
      sentence,
      'Are processes defined to ensure kiosk ledgers are reconciled?',
    )
    expectFlagged(answer, 'purpose-unstated', /the evidence does not say that kiosk ledgers are reconciled/)
  })

  it('leaves alone a sentence naming the participle, and a purpose of form words', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk ledgers are reconciled by the branch manager after closing.'],
      'Are processes defined to ensure kiosk ledgers are reconciled?',
      'purpose-unstated',
    )
    await expectLeftAlone(
      'Branch rules',
      [sentence],
      'Are processes defined to ensure kiosk ledgers are implemented each night?',
      'purpose-unstated',
    )
  })
})

describe('the criteria for a practice the evidence does not name (rule basis-unstated)', () => {
  const sentence = 'A kiosk business continuity plan has been written to guide each branch through an outage.'

  it('flags a Yes from a sentence that states the practice and no criteria or guidelines for it', async () => {
    const criteria = await yesFrom(
      'Branch rules',
      sentence,
      'Are criteria for developing kiosk business continuity strategies established?',
    )
    expectFlagged(criteria, 'basis-unstated', /the evidence names no criteria as such/)
    const guidelines = await yesFrom(
      'Branch rules',
      sentence,
      'Are guidelines for kiosk business continuity established?',
    )
    expectFlagged(guidelines, 'basis-unstated', /the evidence names no guidelines as such/)
  })

  it('leaves alone a sentence naming the criteria, and a question on the practice itself', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['A kiosk business continuity plan has been written against criteria the regional board approved.'],
      'Are criteria for developing kiosk business continuity strategies established?',
      'basis-unstated',
    )
    await expectLeftAlone(
      'Branch rules',
      [sentence],
      'Is a kiosk business continuity plan established?',
      'basis-unstated',
    )
  })
})

describe('a party the evidence narrows (rule scope-narrower)', () => {
  it('flags a Yes from a sentence that names the party with a phrase or a word that narrows it', async () => {
    const phrase = await yesFrom(
      'Branch rules',
      'Two-factor sign-in is enforced for clerks at the head office.',
      'Is two-factor sign-in enforced for all clerks?',
    )
    expectFlagged(phrase, 'scope-narrower', /the evidence says it of clerks at the head office, not for all clerks/)
    const word = await yesFrom(
      'Branch rules',
      'Two-factor sign-in is enforced for senior clerks.',
      'Is two-factor sign-in enforced for all clerks?',
    )
    expectFlagged(word, 'scope-narrower', /the evidence says it of senior clerks, not for all clerks/)
  })

  it('flags a Yes from a sentence that never names the party and names another by role', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk badge checks are carried out for branch managers with safe keys.',
      'Are kiosk badge checks performed on all clerks?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it for branch managers, not on all clerks/)
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk badge checks are carried out for all staff.', 'Kiosk badge checks are carried out for staff.'],
      'Are kiosk badge checks performed on all clerks?',
      'scope-narrower',
    )
  })

  it('leaves alone the party unqualified or with its own quantifier', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['Two-factor sign-in is enforced for clerks.', 'Two-factor sign-in is enforced for all clerks at every branch.'],
      'Is two-factor sign-in enforced for all clerks?',
      'scope-narrower',
    )
  })

  it('reads the party a question asks of as its subject: narrowed by a phrase or a clause, or another by role', async () => {
    const plan = await yesFrom(
      'Branch rules',
      'Customers at the airport branches can export their own ledgers.',
      'Can all customers export their own ledgers?',
    )
    expectFlagged(
      plan,
      'scope-narrower',
      /the evidence says it of customers at the airport branches, not all customers/,
    )
    const clause = await yesFrom(
      'Branch rules',
      'Till audits are carried out for clerks joining the night shift.',
      'Are till audits carried out on all clerks?',
    )
    expectFlagged(clause, 'scope-narrower', /the evidence says it of clerks joining the night shift, not on all clerks/)
    const role = await yesFrom(
      'Branch rules',
      'At the kiosks, managers who open the safe sign in with a hardware key.',
      'Are all company employees required to sign in with a hardware key?',
    )
    expectFlagged(role, 'scope-narrower', /the evidence says it of managers, not all company employees/)
    await expectLeftAlone(
      'Branch rules',
      ['All customers can export their own ledgers.', 'Customers can export their own ledgers.'],
      'Can all customers export their own ledgers?',
      'scope-narrower',
    )
  })

  it('reads a bare plural subject of people as all of them, and a party named by joined modifiers', async () => {
    const answer = await yesFrom(
      'Plans',
      'Gold and Platinum customers can also export their ledgers through the API.',
      'Can customers export their ledgers through the API?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it of Gold and Platinum customers, not customers/)
    await expectLeftAlone(
      'Plans',
      ['Customers can export their ledgers through the API.'],
      'Can customers export their ledgers through the API?',
      'scope-narrower',
    )
  })

  it('reads the party that does it, quantified ("by all branch staff"), as the sentence\'s subject', async () => {
    const answer = await yesFrom(
      'Training',
      'Our night-shift branch team completed till training on 28 March.',
      'Has till training been completed by all branch staff?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it of night-shift branch team, not all branch staff/)
  })

  it('reads another object after the same preposition though the sentence quantifies it ("on every laptop")', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Ledger locking software must be installed and kept up to date on every kiosk laptop.',
      'Is ledger locking software installed on all ledger servers?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it on every kiosk laptop, not on all ledger servers/)
  })

  it('reads a kind the question asks of all its members ("applied to servers") against another kind', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Critical kiosk patches must be installed on tills and laptops within 14 days of release.',
      'Are critical kiosk patches applied to servers within 14 days?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it on tills, not to servers/)
    await expectLeftAlone(
      'Branch rules',
      ['Critical kiosk patches must be installed on servers within 14 days of release.'],
      'Are critical kiosk patches applied to servers within 14 days?',
      'scope-narrower',
    )
  })

  it('reads a kind named by a compound ("production servers"), and the same kind narrowed by a name', async () => {
    const servers = await yesFrom(
      'Branch rules',
      'An endpoint detection and response agent runs on kiosk laptops at every branch.',
      'Is an endpoint detection and response agent deployed on production servers?',
    )
    expectFlagged(servers, 'scope-narrower', /the evidence says it on kiosk laptops, not on production servers/)
    // A named plan is a limit of its own (polarity): Partially, flagged.
    const [plan] = await answersTo(
      ['# Plans', '', 'Ledger export through the API is available on the Kiosk Pro plan.', '', ...UNRELATED],
      ['Is ledger export through the API available to clerks on all plans?'],
    )
    expect(plan!.label).toBe('PARTIALLY')
    expect(plan!.flagged).toBe(true)
    await expectLeftAlone(
      'Plans',
      ['Ledger export through the API is available on every plan.'],
      'Is ledger export through the API available to clerks on all plans?',
      'scope-narrower',
    )
  })

  it("reads every member of the verb's object ('cover all ...') against the same verb's other object", async () => {
    const answer = await yesFrom(
      'Recovery',
      'The kiosk disaster recovery plan covers the ledger portal and the cloud that runs it.',
      'Does your kiosk disaster recovery plan cover all production systems?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it covers the ledger portal, not all production systems/)
    await expectLeftAlone(
      'Recovery',
      ['The kiosk disaster recovery plan covers all production systems.'],
      'Does your kiosk disaster recovery plan cover all production systems?',
      'scope-narrower',
    )
  })

  it('reads the party that does it: "by the board" is not answered by "by the branch manager"', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk risk assessments are approved each year by the branch manager.',
      'Are kiosk risk assessments approved by the board of directors?',
    )
    expectFlagged(answer, 'scope-narrower', /the evidence says it by the branch manager, not by the board/)
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk risk assessments are approved each year by the board.'],
      'Are kiosk risk assessments approved by the board of directors?',
      'scope-narrower',
    )
  })
})

describe('where it is done, for a question asking outside a place (rule scope-narrower)', () => {
  it('flags a Yes from a sentence naming the places it is done in, without "outside"', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk ledgers are stored in the European Union and Norway.',
      'Are kiosk ledgers stored outside the European Union?',
    )
    expectFlagged(
      answer,
      'scope-narrower',
      /the evidence says it in the European Union and Norway, not outside the European Union/,
    )
  })

  it('leaves alone a sentence that says "outside" itself', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk ledger copies are stored outside the European Union, in Norway.'],
      'Are kiosk ledgers stored outside the European Union?',
      'scope-narrower',
    )
  })
})

describe('a neighbour that denies it of the subject (rule neighbour-denies)', () => {
  const denial = 'Kiosk ledgers are kept unencrypted so that the printers can read them.'

  it('flags a Yes from a sentence on another thing whose neighbour denies the practice of the subject', async () => {
    const [answer] = await answersTo(
      ['# Branch data', '', 'Till receipts are encrypted by the storage layer.', '', denial, '', ...UNRELATED],
      ['Are kiosk ledgers encrypted?'],
    )
    expect(answer!.label).toBe('YES')
    expectFlagged(
      answer!,
      'neighbour-denies',
      /says otherwise of what the question asks about \("Kiosk ledgers are kept/,
    )
  })

  it('leaves alone a neighbour that names the subject without denying it', async () => {
    const [answer] = await answersTo(
      [
        '# Branch data',
        '',
        'Till receipts are encrypted by the storage layer.',
        '',
        'Kiosk ledgers are printed each night.',
        '',
        ...UNRELATED,
      ],
      ['Are kiosk ledgers encrypted?'],
    )
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('neighbour-denies')
  })
})

describe('round the clock, unstated (rule round-the-clock-unstated)', () => {
  it('flags a Yes from a sentence that does not say the practice runs round the clock', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk alerts are monitored on weekdays.',
      'Are kiosk alerts monitored 24x7?',
    )
    expectFlagged(answer, 'round-the-clock-unstated', /the evidence does not say it is done 24x7/)
  })

  it('leaves alone a sentence that says it another way', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk alerts are monitored around the clock.', 'Kiosk alerts are monitored at all times.'],
      'Are kiosk alerts monitored 24x7?',
      'round-the-clock-unstated',
    )
  })
})

describe('a certificate another party holds (rule other-holder)', () => {
  it('flags a Yes from a sentence whose own subject is a sister company or a provider', async () => {
    const sister = await yesFrom(
      'Branch rules',
      'Our sister company, Acme Kiosks, is ISO 27001 certified.',
      'Are you ISO 27001 certified?',
    )
    expectFlagged(sister, 'other-holder', /the evidence says this of our sister company, Acme Kiosks, not of you/)
    const provider = await yesFrom(
      'Branch rules',
      'Our hosting provider holds an ISO 27001 certificate.',
      'Do you hold an ISO 27001 certificate?',
    )
    expectFlagged(provider, 'other-holder', /the evidence says this of our hosting provider, not of you/)
  })

  it('leaves alone the vendor itself, and a question on what the other party holds', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['We are ISO 27001 certified.', 'Acme Kiosks is ISO 27001 certified.'],
      'Are you ISO 27001 certified?',
      'other-holder',
    )
    // Nor any other flag: a name after "you" is no verb the sentence must state.
    const [own] = await answersTo(
      ['# Branch rules', '', 'We are ISO 27001 certified.', '', ...UNRELATED],
      ['Are you ISO 27001 certified?'],
    )
    expect(own!.flagged).toBe(false)
  })
})

describe('a practice a provider does for the vendor (rule provider-performs)', () => {
  it('flags a Yes from a sentence that hands the practice to a hosting provider', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Acme relies on AWS to operate badge readers at the data centres that hold the kiosk ledgers.',
      'Does the company operate badge readers at the data centres that hold the kiosk ledgers?',
    )
    expectFlagged(answer, 'provider-performs', /the evidence says a provider does this \("relies on AWS to operate/)
  })

  it('leaves alone the vendor doing it, a provider merely hosting, and a question on the provider', async () => {
    await expectLeftAlone(
      'Branch rules',
      [
        'Acme operates badge readers at the data centres that hold the kiosk ledgers.',
        'Acme operates badge readers at the data centres, hosted in AWS, that hold the kiosk ledgers.',
      ],
      'Does the company operate badge readers at the data centres that hold the kiosk ledgers?',
      'provider-performs',
    )
    await expectLeftAlone(
      'Branch rules',
      ['Acme relies on AWS to operate badge readers at the data centres that hold the kiosk ledgers.'],
      'Does your cloud provider operate badge readers at the data centres that hold the kiosk ledgers?',
      'provider-performs',
    )
  })
})

describe('a named scheme with its number (rule name-unstated)', () => {
  it('flags a Yes from a sentence that names no "AES-256" the question asks for', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk ledgers are encrypted at rest with keys the branch manages.',
      'Are kiosk ledgers encrypted at rest using AES-256?',
      ['# Receipts', 'Till receipts are sealed with AES-256 before they are mailed.'],
    )
    expectFlagged(answer, 'name-unstated', /the quote names none of "AES-256"/)
    await expectLeftAlone(
      'Branch rules',
      [
        'Kiosk ledgers are encrypted at rest using AES-256.',
        'Kiosk ledgers are encrypted at rest with AES 256-bit keys.',
      ],
      'Are kiosk ledgers encrypted at rest using AES-256?',
      'name-unstated',
    )
  })

  it('leaves a row blank when no file names the scheme (rule name-never-mentioned), and reads no row id as one', async () => {
    const [blank] = await answersTo(
      ['# Branch rules', '', 'Kiosk ledgers are encrypted at rest.', '', ...UNRELATED],
      ['Are kiosk ledgers encrypted at rest using AES-256?'],
    )
    expect(blank!.label).toBeNull()
    expect(blank!.rules).toContain('name-never-mentioned')
    const [row] = await answersTo(
      ['# Branch rules', '', 'Kiosk ledgers are encrypted at rest.', '', ...UNRELATED],
      ['Are the kiosk ledgers of KIOS-12 encrypted at rest?'],
    )
    expect(row!.rules).not.toContain('name-never-mentioned')
  })
})

describe('an acronym the question defines that no file writes (rule name-unstated)', () => {
  it('flags a Yes from a sentence that names not every word the acronym stands for', async () => {
    const answer = await yesFrom(
      'Kiosk testing',
      'Static code analysis runs on every kiosk build.',
      'Is dynamic application security testing (DAST) performed against running kiosks?',
    )
    expectFlagged(answer, 'name-unstated', /the quote names none of "DAST"/)
    await expectLeftAlone(
      'Kiosk testing',
      ['Dynamic application security testing (DAST) runs against every running kiosk each week.'],
      'Is dynamic application security testing (DAST) performed against running kiosks?',
      'name-unstated',
    )
  })
})

describe('an answer word opening the quote, of the other side (rule answer-word-opens)', () => {
  it('flags a Yes read from an FAQ\'s answer that opens with "No."', async () => {
    const answer = await yesFrom(
      'Does the kiosk track clerks all day?',
      'No. When a branch turns on shift logging, the kiosk records each clerk once at sign-in and once at sign-out.',
      'Can clerks opt out of shift logging at sign-in?',
    )
    expectFlagged(answer, 'answer-word-opens', /the quote opens with "No", its answer to a question of its own/)
    await expectLeftAlone(
      'Does the kiosk track clerks all day?',
      ['Clerks can opt out of shift logging at sign-in from the kiosk settings.'],
      'Can clerks opt out of shift logging at sign-in?',
      'answer-word-opens',
    )
  })
})

describe('a participle other than the one asked (rule other-participle)', () => {
  it('flags a Yes from a sentence that says its subject is done something else to', async () => {
    const answer = await yesFrom(
      'Ledger hosting',
      'Customer data is hosted in branch vaults within the Northern Region.',
      'Is customer data accessed only from offices within the Northern Region?',
    )
    expectFlagged(answer, 'other-participle', /the evidence says it is "hosted", not "accessed"/)
    await expectLeftAlone(
      'Ledger hosting',
      ['Customer data is accessed only from branch offices within the Northern Region.'],
      'Is customer data accessed only from offices within the Northern Region?',
      'other-participle',
    )
  })
})

describe('a predicate left unsaid by a lead on the subject alone (rule predicate-unstated)', () => {
  it("flags a Yes from a sentence that names the subject's own words and says something else of it", async () => {
    const answer = await yesFrom(
      'Kiosk ledgers',
      'Kiosk audit logs, which record each sale and refund, are kept for one year.',
      'Are kiosk audit logs stored in a tamper-proof or immutable form?',
    )
    // The participle the practice rule reads (its subject has words of its own) says it first; the complement too.
    expectFlagged(answer, 'practice-unstated', /the evidence does not state the practice asked \("stored"\)/)
    expectFlagged(answer, 'complement-unstated', /the evidence does not say it is done "in a tamper-proof/)
  })
})

describe('a sentence listed under a heading that excludes it (rule listed-as-excluded)', () => {
  const test = (heading: string) => [
    '# Kiosk test',
    '',
    'The test covered the kiosk portal and the till API.',
    '',
    `## ${heading}`,
    '',
    '- Social engineering and phishing of branch clerks',
    '',
    ...UNRELATED,
  ]
  const question = 'Was social engineering of branch clerks included in the test?'

  it('flags a Yes read from an item under "Out of scope"', async () => {
    const [answer] = await answersTo(test('Out of scope'), [question])
    expectFlagged(answer!, 'listed-as-excluded', /the quote is listed under "Out of scope"/)
    const [kept] = await answersTo(test('In scope'), [question])
    expect(kept!.label).toBe('YES')
    expect(kept!.rules).not.toContain('listed-as-excluded')
  })
})

describe('what the question sets aside itself', () => {
  it('reads a sentence that sets the same thing aside as agreeing, not denying', async () => {
    const answer = await yesFrom(
      'Releases',
      'Till releases are deployed by the pipeline rather than by individual clerks.',
      'Are till releases deployed by an automated pipeline rather than by individual clerks?',
    )
    expect(answer.rules).not.toContain('negation')
  })
})

describe('a participle after a subject that ends in a phrase of its own (rule predicate-unstated)', () => {
  it('reads "logged" in "Is clerk access to customers\' ledgers logged?"', async () => {
    const answer = await yesFrom(
      'Ledger access',
      "Clerks can see ledger totals; opening a customer's private ledger requires a ticket in which the customer grants access.",
      "Is clerk access to customers' private ledgers logged?",
    )
    expectFlagged(answer, 'predicate-unstated', /the evidence does not say it is "logged"/)
  })
})

describe('a scheme the sentence itself does not name, though a neighbour does (rule name-unstated)', () => {
  it('flags a Yes whose sentence names no "AES-256" when only its neighbour does', async () => {
    const answer = await yesFrom(
      'Ledgers',
      'Kiosk ledgers are stored in a managed database that is encrypted at rest. Till receipts use AES-256.',
      'Are kiosk ledgers encrypted at rest using AES-256?',
    )
    expectFlagged(answer, 'name-unstated', /the quote names none of "AES-256"/)
  })
})

describe("a participle's complement the evidence does not name (rule complement-unstated)", () => {
  it('flags a Yes from a sentence that states the participle of something else', async () => {
    const answer = await yesFrom(
      'Ledgers',
      'Clerks are required to use full-disk encryption and a password on their kiosk laptops.',
      'Is ledger data encrypted in storage?',
    )
    expectFlagged(answer, 'complement-unstated', /the evidence does not say it is done "in storage"/)
    await expectLeftAlone(
      'Ledgers',
      ['Ledger data is encrypted in storage with full-disk encryption.'],
      'Is ledger data encrypted in storage?',
      'complement-unstated',
    )
  })
})

describe("a plan's name the sentence does not give (rule name-unstated)", () => {
  it('flags a Yes read from the row of another plan, and leaves one said of every plan alone', async () => {
    const table = ['# Support', '', '| Plan | Channels |', '| --- | --- |', '| Gold | Email on weekdays |']
    table.push('| Platinum | Phone support 24x7 |', '')
    const question = 'Is 24x7 phone support included with the Gold plan?'
    const [other] = await answersTo([...table, ...UNRELATED], [question])
    expectFlagged(other!, 'name-unstated', /the quote names none of "Gold plan"/)
    const [every] = await answersTo(
      ['# Support', '', 'Phone support is available 24x7 on all plans.', '', ...UNRELATED],
      [question],
    )
    expect(every!.rules).not.toContain('name-unstated')
  })
})

describe('a concept named after the participle (rule predicate-unstated)', () => {
  it('reads "single sign-on" in the question as the lead\'s "SSO"', async () => {
    const standard = [
      'KIOSK LEDGER CO',
      'Access Standard',
      '',
      '1. Principles',
      'Access is granted on a least-privilege basis.',
      '',
      '2. Authentication',
      '2.1 All staff access to kiosk applications goes through our single sign-on provider.',
      '2.2 Multi-factor authentication is mandatory for SSO. Approved factors are a hardware key or an app push.',
      '',
      '3. Production access',
      '3.1 Standing access to production is limited to the till team.',
    ]
    const [answer] = await answersTo(standard, [
      'Is multi-factor authentication required for workforce single sign-on?',
    ])
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('predicate-unstated')
  })
})

describe('a bound on a quantity is no property (rule predicate-unstated)', () => {
  it('leaves alone "24 hours or less", which the quantity rules read', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['The kiosk recovery window is 8 hours.'],
      'Is the kiosk recovery window 24 hours or less?',
      'predicate-unstated',
    )
  })
})

describe('a sentence that names the subject and says something else of it (rule predicate-unstated)', () => {
  it('flags a Yes from a sentence that matched only the subject and none of the predicate', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk logs are shipped to the branch server each night.',
      'Are logs protected from tampering?',
    )
    expectFlagged(answer, 'predicate-unstated', /the evidence does not say it is "protected"/)
  })

  it('leaves alone a sentence naming a word of the predicate, and a period asked that the sentence states', async () => {
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk logs are sealed against tampering each night.'],
      'Are logs protected from tampering?',
      'predicate-unstated',
    )
    await expectLeftAlone(
      'Branch rules',
      ['Kiosk access is reviewed every quarter.'],
      'Are access reviews performed at least quarterly?',
      'predicate-unstated',
    )
  })
})

describe('advice to anybody (rule general-advice)', () => {
  it('flags a Yes from a sentence saying it is vital that an indefinite party does it', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'It is vital that a branch keeps its kiosk ledgers locked.',
      'Are kiosk ledgers kept locked?',
    )
    expectFlagged(
      answer,
      'general-advice',
      /the evidence gives advice \("It is vital that a branch \.\.\."\), not what you do/,
    )
  })

  it("leaves alone a rule for each of the vendor's own, and a plain statement", async () => {
    await expectLeftAlone(
      'Branch rules',
      ['It is vital that each branch keeps its kiosk ledgers locked.', 'Our branches keep their kiosk ledgers locked.'],
      'Are kiosk ledgers kept locked?',
      'general-advice',
    )
  })
})

describe('the same name with another number (rule version-other)', () => {
  it('flags a Yes naming another key length or version, one under what "or higher" asks included', async () => {
    const key = await yesFrom(
      'Branch rules',
      'Kiosk ledgers are encrypted with AES-128.',
      'Are kiosk ledgers encrypted with AES-256?',
    )
    expectFlagged(key, 'version-other', /the evidence states AES-128; the question asks AES-256/)
    const floor = await yesFrom(
      'Branch rules',
      'The kiosk portal accepts TLS 1.0 and above.',
      'Does the kiosk portal require TLS 1.2 or higher?',
    )
    expectFlagged(floor, 'version-other', /the evidence states TLS 1.0; the question asks TLS 1.2/)
    const type = await yesFrom(
      'Kiosk audits',
      'Our first SOC 2 report for the kiosk, a Type I, was issued in May and we can share it under NDA.',
      'Can you provide a current SOC 2 Type II report for the kiosk?',
      ['The kiosk is now in the observation period for a Type II.'],
    )
    expectFlagged(type, 'version-other', /the evidence states Type I; the question asks Type II/)
    await expectLeftAlone(
      'Kiosk audits',
      ['Our SOC 2 Type II report for the kiosk was issued in May and we can share it under NDA.'],
      'Can you provide a current SOC 2 Type II report for the kiosk?',
      'version-other',
    )
  })

  it("reads the table's other rows when the question asks of all", async () => {
    const table = [
      '# Kiosk encryption',
      '',
      '| Kiosk data | Cipher | Key holder |',
      '| --- | --- | --- |',
      '| Ledger tables | AES-256 | branch key service |',
      '| Till disks | AES-128 | till vendor |',
      '',
      ...UNRELATED,
    ]
    const [all, one] = await answersTo(table, [
      'Is AES-256 used for all kiosk data?',
      'Is AES-256 used for the kiosk ledger tables?',
    ])
    expectFlagged(all!, 'version-other', /the evidence states AES-128; the question asks AES-256/)
    expect(one!.rules).not.toContain('version-other')
  })

  it('leaves alone the same number, and a larger one where the question accepts more', async () => {
    const question = 'Does the kiosk portal require TLS 1.2 or higher?'
    await expectLeftAlone(
      'Branch rules',
      ['The kiosk portal requires TLS 1.2 or TLS 1.3.', 'The kiosk portal requires TLS 1.3.'],
      question,
      'version-other',
    )
  })
})

describe('adverbs of time in a question', () => {
  it('reads an adverb before the verb as part of the predicate, not of the subject', () => {
    expect(readSubject('Is kiosk data often encrypted?').terms).toEqual(['kiosk'])
    expect(readSubject('Are clerks seldom trained?').terms).toEqual(['clerk'])
  })

  it('reads "ever", "still" and "always" as no word of the query', async () => {
    // Before: "ever" was a core word of the query that no file uses, and the question had no evidence.
    const [answer] = await answersTo(
      ['# Branch rules', '', 'We do not sell ledger data to third parties.', '', ...UNRELATED],
      ['Is ledger data ever sold?'],
    )
    expect(answer!.label).toBe('NO')
    expect(answer!.citations[0]!.quote).toBe('We do not sell ledger data to third parties.')
  })

  it('reads the "often" of "How often" as the question word, no word a sentence must say', () => {
    expect(questionTerms('How often are kiosk ledgers reconciled?')).not.toContain('often')
    // So are "How long", "How many", "How frequently": what is asked for, not a word; elsewhere "long" is one.
    expect(questionTerms('How long are kiosk ledgers kept?')).not.toContain('long')
    expect(questionTerms('How frequently are kiosk ledgers reconciled?')).not.toContain('frequent')
    expect(questionTerms('Are long kiosk passcodes required?')).toContain('long')
    // "one" of "one year" is a number the quantity rules read; its stem was "on".
    expect(questionTerms('Do clerks keep kiosk ledgers for one whole year?')).not.toContain('on')
  })
})

describe('a topic for a quote (rule topic-only)', () => {
  const question = 'Are kiosk ledger stores kept in escrow for every clerk?'

  it('flags a Yes from a list item with no verb that leaves out a thing the question asks about', async () => {
    const answer = await yesFrom('Kiosk ledgers', '- Availability of kiosk ledger stores for every clerk', question)
    expectFlagged(answer, 'topic-only', /names a topic, with no verb, and not "escrow"/)
  })

  it('quotes a thing the item leaves out before a manner', async () => {
    const answer = await yesFrom(
      'Kiosk ledgers',
      '- Availability of kiosk ledger stores for every clerk',
      'Are kiosk ledger stores fully kept in escrow for every clerk?',
    )
    expectFlagged(answer, 'topic-only', /and not "escrow"/)
    // A linking word ("while") is no thing; an acronym is quoted as the question writes it.
    const item = '- Encryption of kiosk ledgers'
    const linked = await yesFrom('Kiosk ledgers', item, "Are ledgers encrypted while in the clerk's keeping?")
    expectFlagged(linked, 'topic-only', /and not "clerk"/)
    const acronym = await yesFrom('Kiosk ledgers', item, 'Are ledgers encrypted while on GPS units?')
    expectFlagged(acronym, 'topic-only', /and not "GPS"/)
  })

  it('reads a gerund before its noun as part of the topic, not as the verb of a clause ("aging features")', async () => {
    const answer = await yesFrom(
      'Kiosk ledgers',
      '- Kiosk ledger retention and aging features',
      'Are kiosk ledgers retained in escrow?',
    )
    // Before: "aging" was tagged as a verb, so the item read as a clause and the Yes was left alone.
    expectFlagged(answer, 'topic-only', /and not "escrow"/)
    // A gerund that opens the item still heads a clause: it says what is done.
    await expectLeftAlone('Kiosk ledgers', ['- Keeping kiosk ledger stores for every clerk'], question, 'topic-only')
  })

  it('never quotes the word of a set phrase ("least" of "at least")', async () => {
    const item = '- Availability of kiosk ledger stores for every clerk'
    // Before: "least", which names nothing the item leaves out.
    const period = await yesFrom(
      'Kiosk ledgers',
      item,
      'Are kiosk ledger stores for every clerk reviewed at least annually?',
    )
    expectFlagged(period, 'topic-only', /and not "annually"/)
  })

  it('writes a term as the question does: a concept as spelled, a hyphenated word whole, an acronym in capitals', () => {
    expect(writtenIn('Do clerks follow kiosk policies each night?', '#policy')).toBe('policies')
    expect(writtenIn('Is the kiosk log server "read-only" for clerks?', 'read')).toBe('read-only')
    expect(writtenIn('Are ledgers encrypted while on GPS units?', 'gps')).toBe('GPS')
    expect(writtenIn('Are ledgers encrypted while on GPS units?', 'encrypt')).toBe('encrypted')
  })

  it('leaves alone an item that names all the question asks about, a sentence with a verb, and a question whether it exists', async () => {
    await expectLeftAlone(
      'Kiosk ledgers',
      ['- Escrow of kiosk ledger stores for every clerk', 'Kiosk ledger stores are kept in escrow for every clerk.'],
      question,
      'topic-only',
    )
    // A question whether something exists is answered by naming it, as a policy list names its policies.
    await expectLeftAlone(
      'Kiosk ledgers',
      ['- Kiosk ledger escrow policy for every clerk'],
      'Is there a kiosk ledger escrow program for every clerk?',
      'topic-only',
    )
  })
})

describe("a sentence on the document's reach (rule document-scope)", () => {
  it('reads a numbered clause "It applies to ..." as the document\'s reach', async () => {
    const [answer] = await answersTo(
      [
        '# 1. Scope',
        '',
        '1.2 It applies to everyone who enters the kiosk vault: clerks, couriers and visitors.',
        '',
        ...UNRELATED,
      ],
      ['Can visitors enter the kiosk vault?'],
    )
    // Before: Yes, as if naming visitors in the scope let them in.
    expect(answer!.label).toBeNull()
    expect(answer!.rules).toContain('document-scope')
  })

  it('does not answer from "This policy applies to ...", but from a sentence that states the practice', async () => {
    const evidence = await policy(
      [
        '# Code review',
        '',
        'This policy applies to all human-written and machine-generated code.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [generated] = await engine().answer(
      questionnaireOf([yesNoQuestion('Does your service use machine-generated code in production?')]),
      evidence,
    )
    // Before: Yes from the policy's scope, which says nothing of what the service does.
    expect(generated!.label).toBeNull()
    expect(generated!.rules).toContain('document-scope')

    const stated = await policy(
      [
        '# Code review',
        '',
        'This policy applies to all human-written and machine-generated code.',
        '',
        'Machine-generated code is reviewed by two engineers before it is merged for use in production.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [reviewed] = await engine().answer(
      questionnaireOf([yesNoQuestion('Is machine-generated code reviewed before use in production?')]),
      stated,
    )
    expect(reviewed!.label).toBe('YES')
    expect(quotes(reviewed!)).toMatch(/^Machine-generated code is reviewed/)
  })

  it('does not answer from a sentence that defines a word, but reads one that states a practice', async () => {
    const definitions = [
      'Kiosk ledger data means any record of sales that a clerk enters at a kiosk.',
      'We refer collectively to the clerks and their supervisors as "kiosk staff" throughout this policy.',
    ]
    const evidence = await policy(
      ['# Definitions', '', ...definitions.flatMap((d) => [d, '']), ...UNRELATED].join('\n'),
    )
    const [ledger, staff] = await engine().answer(
      questionnaireOf([
        yesNoQuestion('Is kiosk ledger data of every sale recorded by a clerk?'),
        yesNoQuestion('Are kiosk staff, clerks and supervisors, identified collectively?'),
      ]),
      evidence,
    )
    // Before: Yes from each definition, which says what the words stand for, not that anything is done.
    expect(ledger!.label).toBeNull()
    expect(staff!.label).toBeNull()
    // "means that" draws a consequence of a practice: it is read.
    const consequence = await policy(
      [
        '# Ledgers',
        '',
        'Nightly reconciliation means that every kiosk ledger is checked by a clerk.',
        '',
        ...UNRELATED,
      ].join('\n'),
    )
    const [checked] = await engine().answer(
      questionnaireOf([yesNoQuestion('Is every kiosk ledger checked by a clerk?')]),
      consequence,
    )
    expect(checked!.label).toBe('YES')
  })
})

describe('a party named by its possessive (rule party-unstated)', () => {
  it("flags an answer on the vendor's own practice for a question on a particular party's", async () => {
    const evidence = await policy(
      [
        '# Storage',
        '',
        'Ledger files are encrypted at rest with keys held in a managed key service.',
        '',
        ...UNRELATED,
        '',
        '# Visits',
        '',
        'A courier collects signed forms once a week.',
      ].join('\n'),
    )
    const [courier, institution] = await engine().answer(
      questionnaireOf([
        yesNoQuestion("Do ledger files stay encrypted at rest in the courier's possession?"),
        yesNoQuestion("Are the institution's ledger files encrypted at rest?"),
      ]),
      evidence,
    )
    // Before: Yes at 0.9 and more, as if the vendor's disks were the courier's.
    expect(courier!.confidence).toBeLessThan(0.85)
    expect(courier!.reasons.join(' ')).toMatch(/does not name the courier/)
    // A general party (the institution, the customer) is what the vendor's own practice is about.
    expect(institution!.label).toBe('YES')
    expect(institution!.reasons.join(' ')).not.toMatch(/does not name/)
  })
})

describe('the property a question asks its subject to have (rule predicate-unstated)', () => {
  const questions = [
    'Are your primary and standby server rooms geographically diverse?',
    'Is forklift safety training mandatory for all warehouse staff?',
  ]

  it('flags a Yes from a sentence on the subject that never states the asked adjective', async () => {
    const [diverse, mandatory] = await answersTo(
      [
        '# Facilities',
        '',
        'Our primary and standby server rooms are guarded by badge readers and cameras.',
        '',
        ...UNRELATED,
        '',
        '# Training',
        '',
        'Warehouse staff receive forklift safety training every spring.',
      ],
      questions,
    )
    expect(diverse!.rules).toContain('predicate-unstated')
    expect(diverse!.confidence).toBeLessThan(0.85)
    expect(diverse!.reasons.join(' ')).toMatch(/does not say it is "geographically diverse"/)
    expect(mandatory!.rules).toContain('predicate-unstated')
    expect(mandatory!.reasons.join(' ')).toMatch(/"mandatory"/)
  })

  it('reads the property stated by its adverb, and a mandate stated by a rule', async () => {
    const [diverse, mandatory] = await answersTo(
      [
        '# Facilities',
        '',
        'Our primary and standby server rooms sit in geographic regions 400 km apart.',
        '',
        ...UNRELATED,
        '',
        '# Training',
        '',
        'All warehouse staff must complete forklift safety training every spring.',
      ],
      questions,
    )
    expect(diverse!.label).toBe('YES')
    expect(diverse!.rules).not.toContain('predicate-unstated')
    expect(mandatory!.label).toBe('YES')
    expect(mandatory!.rules).not.toContain('predicate-unstated')
  })
})

describe('the passive property quoted as the question writes it (rule predicate-unstated)', () => {
  it('quotes the participle and what follows it with their own words ("stored in a sealed vault")', () => {
    const span = (text: string, words: string[]) => spanOf(tagWords(text), words)
    expect(span('Are kiosk receipts stored in a sealed vault?', ['stored', 'sealed', 'vault'])).toBe(
      'stored in a sealed vault',
    )
    expect(span('Are the fire drills rehearsed and\ntimed at every branch?', ['rehearsed', 'timed'])).toBe(
      'rehearsed and timed',
    )
    // Words the question does not write, or not in that order, are joined as they are.
    expect(span('Are kiosk receipts backed up?', ['backup'])).toBe('backup')
    expect(span('Are kiosk receipts stored and sealed?', ['sealed', 'stored'])).toBe('sealed stored')
  })
})

describe('a sentence that only denies something else (rule denies-other)', () => {
  it('flags a Yes read from a sentence whose every clause on the subject denies another practice', async () => {
    const [answer] = await answersTo(
      [
        '# Privacy',
        '',
        'We never rent your mailing address to courier partners, and we will not print your name in sponsor brochures.',
        '',
        ...UNRELATED,
      ],
      ['Do you use courier partners (e.g. parcel or sponsor mailing services)?'],
    )
    // Before: Yes, unflagged, as though saying what is not done with couriers said that couriers are used.
    expect(answer!.rules).toContain('denies-other')
    expect(answer!.confidence).toBeLessThan(0.85)
    expect(answer!.reasons.join(' ')).toMatch(/only says what is not done/)
  })
})

describe('something given to the asking party (rule recipient-unstated)', () => {
  const question = 'Will you provide summaries of your annual fire drills to the institution?'

  it('flags a Yes from a sentence that lists the thing but says nothing of giving it', async () => {
    const [answer] = await answersTo(
      ['# Records kept', '', 'Fire drill summaries and attendance sheets: kept for 24 months', '', ...UNRELATED],
      [question],
    )
    // Before: Yes at 0.9 and more, as if keeping the summaries were a promise to hand them over.
    expect(answer!.rules).toContain('recipient-unstated')
    expect(answer!.confidence).toBeLessThan(0.85)
    expect(answer!.reasons.join(' ')).toMatch(/does not say it goes to the institution .*"provide"/)
  })

  it('is satisfied by the giving or by a receiver', async () => {
    const [given, onRequest] = await answersTo(
      [
        '# Records kept',
        '',
        'We provide fire drill summaries to every tenant after each annual drill.',
        '',
        ...UNRELATED,
      ],
      [question, question.replace('provide', 'share').replace('to the', 'with the')],
    )
    expect(given!.label).toBe('YES')
    expect(given!.rules).not.toContain('recipient-unstated')
    // "share" is not the sentence's verb, but the tenant is a receiver.
    expect(onRequest!.label).toBe('YES')
    expect(onRequest!.rules).not.toContain('recipient-unstated')
  })
})

describe("something given to the vendor's customers, asked in the passive too (rule recipient-unstated)", () => {
  const drill = (sentence: string) => [
    '# Drills',
    '',
    sentence,
    '',
    '# Support',
    '',
    'Customers reach the kiosk help line on weekdays.',
    '',
    ...UNRELATED,
  ]
  const questions = [
    'Do you share fire drill reports with customers?',
    'Are kiosk branch fire drill reports made available to customers?',
  ]

  it('flags a Yes from a sentence on the thing that names no giving and no receiver, a compound naming none', async () => {
    for (const sentence of [
      'An outside firm runs a fire drill in every kiosk branch once a year and writes a report.',
      'An outside firm runs a fire drill in every customer-facing kiosk branch once a year and writes a report.',
    ]) {
      for (const answer of await answersTo(drill(sentence), questions)) {
        expect(answer.label, sentence).toBe('YES')
        expect(answer.rules, sentence).toContain('recipient-unstated')
        expect(answer.flagged).toBe(true)
      }
    }
  })

  it('needs the sentence itself to name customers: a page written for them names them everywhere', async () => {
    const [answer] = await answersTo(
      [
        '# What customers ask about drills',
        '',
        'An outside firm runs a fire drill in every kiosk branch once a year and writes a report.',
        '',
        ...UNRELATED,
      ],
      ['Do you share fire drill reports with customers?'],
    )
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).toContain('recipient-unstated')
  })

  it('leaves alone a sentence that names the receiver', async () => {
    const sentence =
      'An outside firm runs a fire drill in every kiosk branch once a year, and customers get its report.'
    for (const answer of await answersTo(drill(sentence), questions)) {
      expect(answer.label).toBe('YES')
      expect(answer.rules).not.toContain('recipient-unstated')
    }
  })
})

describe('a hyphenated participle the quote never states (rule kind-unstated)', () => {
  it('flags a Yes that names the subject but not the participle, and reads a prefix as part of its word', async () => {
    const [vault, schedule] = await answersTo(
      [
        '# Archives',
        '',
        'Paper archives are kept in a locked vault in the basement.',
        '',
        'Archive boxes are moved to the vault on a defined weekly schedule.',
        '',
        ...UNRELATED,
      ],
      [
        'Are paper archives kept in a locked, fire-rated vault in the basement?',
        'Are archive boxes moved to the vault on a pre-defined schedule?',
      ],
    )
    // Before: Yes, unflagged, though the sentence says nothing of the vault's climate.
    expect(vault!.rules).toContain('kind-unstated')
    expect(vault!.confidence).toBeLessThan(0.85)
    expect(vault!.reasons.join(' ')).toMatch(/does not say it is "fire-rated"/)
    // "pre-defined" is stated by "defined": the part before the hyphen is a prefix.
    expect(schedule!.label).toBe('YES')
    expect(schedule!.reasons.join(' ')).not.toMatch(/pre-defined/)
  })
})

describe('the kind of a general noun the quote never names (rule kind-unstated)', () => {
  it('flags a Yes from a sentence on the general noun alone, and trusts one that names the kind', async () => {
    const [kiosk, rental] = await answersTo(
      [
        '# Configuration',
        '',
        'The operations lead manages and approves every change to system configurations.',
        '',
        'Rental system configurations are managed from a signed baseline.',
        '',
        ...UNRELATED,
        '',
        '# Kiosks',
        '',
        // The kind is a common word of the evidence, so the question's weight is on the configuration.
        'Lobby kiosk screens are wiped down every evening.',
        '',
        'Kiosk paper rolls are replaced weekly.',
        '',
        'Each kiosk has a help button.',
      ],
      [
        'Do you manage the configuration of your kiosk systems?',
        'Do you manage the configuration of your rental systems?',
      ],
    )
    // Before: Yes, unflagged, from a sentence on systems in general.
    expect(kiosk!.rules).toContain('kind-unstated')
    expect(kiosk!.confidence).toBeLessThan(0.85)
    expect(kiosk!.reasons.join(' ')).toMatch(/about "kiosk systems" \(the quote names only "systems"\)/)
    expect(rental!.label).toBe('YES')
    expect(rental!.rules).not.toContain('kind-unstated')
  })
})

describe('the kind of a general noun, named in the context only by its own word', () => {
  it('does not take a paraphrase in the next line ("customer" for "client") for the kind', async () => {
    const [client] = await answersTo(
      [
        '# Configuration',
        '',
        'The operations lead manages and approves every change to system configurations.',
        'Customer invoices are sent at the start of each month.',
        '',
        ...UNRELATED,
        '',
        '# Clients',
        '',
        'Client laptops are wiped down every evening.',
        '',
        'Client paper rolls are replaced weekly.',
      ],
      ['Do you manage the configuration of your client systems?'],
    )
    expect(client!.rules).toContain('kind-unstated')
    expect(client!.reasons.join(' ')).toMatch(/"client systems"/)
  })
})

describe('an acronym the quote has only as a plain word (rule acronym-unstated)', () => {
  it('flags a Yes whose sentence spells the letters as another word, and trusts the acronym itself', async () => {
    const questions = ['Do you capture kiosk device information (e.g., serial number, MAC address)?']
    const [plain] = await answersTo(
      [
        '# Kiosks',
        '',
        'The kiosks run on Mac and Linux terminals that send device information to our help desk.',
        '',
        ...UNRELATED,
      ],
      questions,
    )
    expect(plain!.rules).toContain('acronym-unstated')
    expect(plain!.confidence).toBeLessThan(0.85)
    expect(plain!.reasons.join(' ')).toMatch(/"MAC" is not the quote's word of the same letters/)
    const [acronym] = await answersTo(
      [
        '# Kiosks',
        '',
        'The kiosks send device information, such as the MAC address, to our help desk.',
        '',
        ...UNRELATED,
      ],
      questions,
    )
    expect(acronym!.label).toBe('YES')
    expect(acronym!.rules).not.toContain('acronym-unstated')
  })
})

describe("the asking party's own rules (rule customer-rules-unstated)", () => {
  it("flags a Yes from the vendor's own policy, and trusts a sentence on the customer's", async () => {
    const questions = ["Will you follow the institution's policies on kiosk receipt retention?"]
    const [own] = await answersTo(
      [
        '# Receipts',
        '',
        'Kiosk receipt retention follows our records policy, and customer data is kept for a year.',
        '',
        ...UNRELATED,
      ],
      questions,
    )
    expect(own!.rules).toContain('customer-rules-unstated')
    expect(own!.confidence).toBeLessThan(0.85)
    expect(own!.reasons.join(' ')).toMatch(/institution's policies"; the quote does not name the customer's own rules/)
    const [theirs] = await answersTo(
      [
        '# Receipts',
        '',
        "Kiosk receipt retention is set to each customer's requirements when the contract is signed.",
        '',
        ...UNRELATED,
      ],
      questions,
    )
    expect(theirs!.label).toBe('YES')
    expect(theirs!.rules).not.toContain('customer-rules-unstated')
  })
})

describe('a passive predicate a list item never states (rule predicate-unstated)', () => {
  it('flags a Yes from a sentence with no verb that names the subject only, not one that states the practice', async () => {
    const [archived, printed] = await answersTo(
      [
        '# Kiosk records',
        '',
        'Receipt logging and auditing for every kiosk transaction',
        '',
        'Kiosk receipts are printed on thermal paper and filed by the night shift.',
        '',
        ...UNRELATED,
      ],
      [
        'Are the receipt logs produced by your kiosks archived in a central vault?',
        'Are kiosk receipts printed and filed?',
      ],
    )
    expect(archived!.rules).toContain('predicate-unstated')
    expect(archived!.confidence).toBeLessThan(0.85)
    expect(archived!.reasons.join(' ')).toMatch(/does not say it is "archived in a central vault"/)
    expect(printed!.label).toBe('YES')
    expect(printed!.rules).not.toContain('predicate-unstated')
  })

  it('flags a Yes to a question that asks only its participle, from any sentence that never states it', async () => {
    const questions = ['Are the kiosk standby batteries tested?', 'Have the kiosk standby batteries been tested?']
    const [untested, perfect] = await answersTo(
      ['# Power', '', 'Kiosk standby batteries keep every kiosk running for four hours.', '', ...UNRELATED],
      questions,
    )
    expect(untested!.rules).toContain('predicate-unstated')
    expect(untested!.reasons.join(' ')).toMatch(/does not say it is "tested"/)
    expect(perfect!.rules).toContain('predicate-unstated')
    const [tested] = await answersTo(
      ['# Power', '', 'Kiosk standby batteries are load-tested every quarter.', '', ...UNRELATED],
      questions,
    )
    expect(tested!.label).toBe('YES')
    expect(tested!.rules).not.toContain('predicate-unstated')
  })

  it('reads a list item as verbless though a participle follows its noun or the model tags a listed noun as a verb', async () => {
    const [designed, given] = await answersTo(
      [
        '# Kiosks',
        '',
        'Ledger audit principles of fairness, scope, onward review, and access for kiosk data submitted by clerks.',
        '',
        ...UNRELATED,
      ],
      [
        'Are ledger audit principles designed into the branch lifecycle?',
        'Is access to kiosk data given to clerks for review and correction?',
      ],
    )
    // "submitted" qualifies the data and "review" is a listed noun: the item states no practice of the principles.
    expect(designed!.rules).toContain('predicate-unstated')
    expect(designed!.reasons.join(' ')).toMatch(/does not say it is "designed into the branch lifecycle"/)
    // Nor that clerks are given access, let alone to correct: a topic (rule topic-only), which names no correction.
    expect(given!.label).toBe('YES')
    expect(given!.rules).toContain('topic-only')
  })
})

describe('data the product holds, named by the sentence (rule data-held)', () => {
  // The sentence must name the data itself (scope.test.ts: "stored in two locations" does not name location data);
  // one that does still answers.
  it('answers from a sentence that names the held data and says it is stored', async () => {
    const [held] = await answersTo(
      [
        '# Storage',
        '',
        'The courier app stores location data from drivers only while a delivery is open.',
        '',
        ...UNRELATED,
      ],
      ['Does the courier app collect or store GPS or location data from drivers?'],
    )
    expect(held!.label).toBe('YES')
    expect(held!.rules).toContain('data-held')
  })
})

describe('a rule is no record (rule rule-not-record)', () => {
  const question = 'Has the evacuation plan been rehearsed with floor wardens in the last year?'

  it('flags a Yes read from a sentence that says it must be done, for a question on whether it was', async () => {
    const [answer] = await answersTo(
      ['# Safety', '', 'The evacuation plan shall be rehearsed with all floor wardens every year.', '', ...UNRELATED],
      [question],
    )
    // Before: Yes, unflagged, as though the requirement were the rehearsal.
    expect(answer!.rules).toContain('rule-not-record')
    expect(answer!.confidence).toBeLessThan(0.85)
    expect(answer!.reasons.join(' ')).toMatch(/must be done, not that it was done/)
  })

  it('answers from a record of it, and asks nothing of a question on what is done', async () => {
    const [done, practice] = await answersTo(
      ['# Safety', '', 'The evacuation plan was rehearsed with all floor wardens in March.', '', ...UNRELATED],
      [question, 'Is the evacuation plan rehearsed with floor wardens every year?'],
    )
    expect(done!.label).toBe('YES')
    expect(done!.rules).not.toContain('rule-not-record')
    expect(practice!.rules).not.toContain('rule-not-record')
  })
})

describe('a question that comes down to one word (rule one-word-question)', () => {
  it('flags a Yes whose sentence merely uses the one word the question has', async () => {
    const [answer] = await answersTo(
      ['# People', '', 'New hires meet a tutor from the ticket team in their first week.', '', ...UNRELATED],
      ['Are you providing tutoring services?'],
    )
    // Before: Yes at 0.97, the sentence covering the question "whole" by a word sharing its stem.
    expect(answer!.rules).toContain('one-word-question')
    expect(answer!.confidence).toBeLessThan(0.85)
    expect(answer!.reasons.join(' ')).toMatch(/only distinctive word is "tutoring"/)
  })

  it('trusts a sentence that uses the word itself', async () => {
    const [answer] = await answersTo(
      ['# Product', '', 'Admins manage users and settings in a web-based console interface.', '', ...UNRELATED],
      ['Does your product have an interface?'],
    )
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('one-word-question')
  })

  it('trusts one acronym, which names one thing', async () => {
    const [answer] = await answersTo(
      ['# People', '', 'Our DPO answers privacy requests within five working days.', '', ...UNRELATED],
      ['Do you have a DPO?'],
    )
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('one-word-question')
  })
})

describe('a statement of purpose (rule purpose-only)', () => {
  it('does not answer from a sentence that only states an aim, but from one that states what is done', async () => {
    const questions = ['Does your kiosk support integration with other ticketing and billing systems?']
    const [aim] = await answersTo(
      [
        '# Purpose',
        '',
        'To ensure secure kiosk integration with other ticketing and billing systems.',
        '',
        ...UNRELATED,
      ],
      questions,
    )
    // Before: Yes from the aim, which says what the policy is for, not that the kiosk does it.
    expect(aim!.rules).toContain('purpose-only')
    expect(aim!.label).toBeNull()
    const [done] = await answersTo(
      [
        '# Kiosk',
        '',
        'To save staff time, the kiosk supports integration with other ticketing systems.',
        '',
        ...UNRELATED,
      ],
      questions,
    )
    expect(done!.label).toBe('YES')
    expect(done!.rules).not.toContain('purpose-only')
  })
})

describe('whether something ever happens (rule occurrence-unstated)', () => {
  const question = 'Do archive tapes ever leave the basement vault?'

  it('flags a Yes from a sentence that never says the thing happens', async () => {
    const [answer] = await answersTo(
      [
        '# Vault',
        '',
        'The basement vault has emergency lighting and a steel door for the archive tapes.',
        '',
        ...UNRELATED,
      ],
      [question],
    )
    // Before: Yes, unflagged, as though a sentence on the vault said the tapes leave it.
    expect(answer!.rules).toContain('occurrence-unstated')
    expect(answer!.confidence).toBeLessThan(0.85)
    expect(answer!.reasons.join(' ')).toMatch(/ever happens \("leave"\)/)
  })

  it('answers from a sentence that says it happens', async () => {
    const [answer] = await answersTo(
      ['# Vault', '', 'Archive tapes leave the basement vault once a year for the audit.', '', ...UNRELATED],
      [question],
    )
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('occurrence-unstated')
  })
})

describe('what the respondent is (rule identity-unstated)', () => {
  it('flags a Yes to "Are you (registered as) an X?" unless the sentence says "we are" X', async () => {
    const question = 'Are you registered as a kiosk service operator?'
    const uses = await yesFrom('Suppliers', 'These kiosk service operators are located in the EU:', question)
    // Before: Yes at 0.92, unflagged, from a list of the providers the respondent uses.
    expectFlagged(uses, 'identity-unstated', /the quote does not say you are a kiosk service operator/)
    const is = await yesFrom('Who we are', 'We act as a kiosk service operator to regional banks.', question)
    expect(is.rules).not.toContain('identity-unstated')
  })
})

describe('an instruction or a goal (rule instruction)', () => {
  it('flags a Yes from a sentence that tells the reader what to do, and trusts one that states it is done', async () => {
    const questions = ['Are kiosk firewall rules restricted to the branch network?']
    const [told] = await answersTo(
      ['# Set-up', '', 'Restrict the kiosk firewall rules to the branch network.', '', ...UNRELATED],
      questions,
    )
    expect(told!.label).toBe('YES')
    expect(told!.rules).toContain('instruction')
    expect(told!.confidence).toBeLessThan(0.85)
    expect(told!.reasons.join(' ')).toMatch(/an instruction or a goal, not a statement that it is done/)
    const [done] = await answersTo(
      ['# Network', '', 'Kiosk firewall rules are restricted to the branch network.', '', ...UNRELATED],
      questions,
    )
    expect(done!.label).toBe('YES')
    expect(done!.rules).not.toContain('instruction')
    // A feature list in the same mood says what the product lets one do: it answers what the product has.
    const [feature] = await answersTo(
      ['# Features', '', 'Manage kiosk receipts from a web-based branch console.', '', ...UNRELATED],
      ['Does the kiosk have a web-based branch console?'],
    )
    expect(feature!.label).toBe('YES')
    expect(feature!.rules).not.toContain('instruction')
  })

  it('reads an instruction that opens with a list of verbs', async () => {
    const question = 'Are kiosk fire drills reviewed and tested?'
    // Before: "Review, test and run" read with no verb ("Review" a name, "test" a noun), and no instruction.
    const told = await yesFrom('Drills', '- Review, test and run kiosk fire drills', question)
    expectFlagged(told, 'instruction', /an instruction or a goal/)
    // A list of nouns before the sentence's own verb is no instruction.
    const stated = await yesFrom(
      'Drills',
      '- Fire, flood, and power drills are reviewed and tested for every kiosk.',
      question,
    )
    expect(stated.rules).not.toContain('instruction')
  })

  it('flags a Yes from a sentence whose main verb is an aim, whatever the question asks', async () => {
    const question = 'Do you protect kiosk receipts against unauthorized access?'
    const aim = await yesFrom(
      'Receipts',
      'We want to protect kiosk receipts against unauthorized access, and we do our best to keep them short.',
      question,
    )
    // Before: Yes, unflagged, from what the writer means to do.
    expectFlagged(aim, 'instruction', /an instruction or a goal, not a statement that it is done/)
    const done = await yesFrom(
      'Receipts',
      'We protect kiosk receipts against unauthorized access with badge locks.',
      question,
    )
    expect(done.rules).not.toContain('instruction')
  })
})

describe('the manner a practice is asked to be done in (rule manner-unstated)', () => {
  it('flags a Yes whose sentence does the practice without saying how, and trusts one that says so', async () => {
    const questions = ['Are kiosk receipts securely stored?']
    const [how] = await answersTo(
      ['# Receipt security', '', 'Kiosk receipts are stored for a year at the branch.', '', ...UNRELATED],
      questions,
    )
    expect(how!.label).toBe('YES')
    expect(how!.rules).toContain('manner-unstated')
    expect(how!.confidence).toBeLessThan(0.85)
    expect(how!.reasons.join(' ')).toMatch(/does not say it is "securely stored"/)
    const [secure] = await answersTo(
      ['# Receipts', '', 'Kiosk receipts are stored securely in a locked safe at the branch.', '', ...UNRELATED],
      questions,
    )
    expect(secure!.label).toBe('YES')
    expect(secure!.rules).not.toContain('manner-unstated')
    // A general adverb says when, which periods state: "regularly" is not a manner.
    const [regular] = await answersTo(
      ['# Receipts', '', 'Kiosk receipt counts are reconciled every week by the branch.', '', ...UNRELATED],
      ['Are kiosk receipt counts regularly reconciled?'],
    )
    expect(regular!.label).toBe('YES')
    expect(regular!.rules).not.toContain('manner-unstated')
  })

  it('reads the manner after the participle too ("copied externally")', async () => {
    const questions = ['Can kiosk receipt logs be copied externally?']
    const [where] = await answersTo(
      ['# Receipts', '', 'Kiosk receipt logs can be copied to a folder of your choice.', '', ...UNRELATED],
      questions,
    )
    expect(where!.label).toBe('YES')
    expect(where!.reasons.join(' ')).toMatch(/does not say it is "copied externally"/)
    expect(where!.confidence).toBeLessThan(0.85)
    const [external] = await answersTo(
      ['# Receipts', '', 'Kiosk receipt logs can be copied externally to an off-site archive.', '', ...UNRELATED],
      questions,
    )
    expect(external!.label).toBe('YES')
    expect(external!.rules).not.toContain('manner-unstated')
  })
})

describe("the question's own examples (rule instances-unstated)", () => {
  it('flags a Yes whose sentence names none of the examples, not one restating the question ("i.e.")', async () => {
    const questions = ['Do you have a kiosk configuration management process (e.g., hardened base images)?']
    const [other] = await answersTo(
      [
        '# Kiosk rules',
        '',
        'Software that could alter kiosk configuration must be approved by the branch management.',
        '',
        ...UNRELATED,
      ],
      questions,
    )
    expect(other!.label).toBe('YES')
    expect(other!.rules).toContain('instances-unstated')
    expect(other!.confidence).toBeLessThan(0.85)
    expect(other!.reasons.join(' ')).toMatch(/names none of the question's examples \(hardened base images\)/)
    const [named] = await answersTo(
      [
        '# Kiosk builds',
        '',
        'Kiosk configuration management starts from hardened base images that the build team maintains.',
        '',
        ...UNRELATED,
      ],
      questions,
    )
    expect(named!.label).toBe('YES')
    expect(named!.rules).not.toContain('instances-unstated')
    const [restated] = await answersTo(
      ['# Kiosks', '', 'Kiosk help desks are staffed around the clock by the branch team.', '', ...UNRELATED],
      // Read as examples, "overnight shifts" (named nowhere) would flag it.
      ['Are kiosk help desks staffed around the clock (i.e., overnight shifts)?'],
    )
    expect(restated!.label).toBe('YES')
    expect(restated!.rules).not.toContain('instances-unstated')
  })
})

describe('an ability for a rule (rule ability-not-rule)', () => {
  it('flags "Do you require ...?" answered from a sentence that says it can be done, not one that says it is', async () => {
    const questions = ['Do you require badge checks for all kiosk technicians?']
    const [can] = await answersTo(
      ['# Options', '', 'The option to require badge checks for kiosk technicians is available.', '', ...UNRELATED],
      questions,
    )
    expect(can!.label).toBe('YES')
    expect(can!.rules).toContain('ability-not-rule')
    expect(can!.confidence).toBeLessThan(0.85)
    expect(can!.reasons.join(' ')).toMatch(/says it can be done, not that you require it/)
    const [must] = await answersTo(
      ['# Branch rules', '', 'All kiosk technicians must pass a badge check before each visit.', '', ...UNRELATED],
      questions,
    )
    expect(must!.label).toBe('YES')
    expect(must!.rules).not.toContain('ability-not-rule')
  })

  it('flags "Have you implemented ...?", or a passive "Has ... been implemented?", answered from what the product can do or lets others do', async () => {
    for (const [question, ability, done] of [
      [
        'Have you implemented a kiosk tamper alarm system?',
        'Support for kiosk tamper alarms - the ability to connect a tamper alarm system to every kiosk.',
        'A kiosk tamper alarm system is implemented at every branch.',
      ],
      [
        'Has a kiosk audit program been implemented?',
        'The kiosk suite enables branch clerks to run a kiosk audit program that has been implemented by them.',
        'A kiosk audit program has been implemented at every branch.',
      ],
    ] as const) {
      const feature = await yesFrom('Kiosk features', ability, question)
      expectFlagged(feature, 'ability-not-rule', /names what the product can do, not that you run it/)
      await expectLeftAlone('Kiosk features', [done], question, 'ability-not-rule')
    }
  })
})

describe('rules a participle gives to the asking party (rule customer-rules-unstated)', () => {
  it('reads "requirements [set by the institution]" as the customer\'s own rules', async () => {
    const [own] = await answersTo(
      [
        '# Kiosk PINs',
        '',
        'Staff terminals enforce a kiosk PIN length of six digits, as our own standard requires.',
        '',
        ...UNRELATED,
      ],
      ['Can you enforce kiosk PIN length requirements [set by the institution]?'],
    )
    expect(own!.rules).toContain('customer-rules-unstated')
    expect(own!.confidence).toBeLessThan(0.85)
  })
})

describe('a period the question requires (rule period-unstated)', () => {
  const question = 'Are the kiosk ledger policies checked and revised at least yearly?'

  it('flags a Yes whose sentence states no period, or one of another act, and quotes the period', async () => {
    for (const sentence of [
      'The kiosk ledger policies are approved by the branch manager and published to all clerks.',
      'The kiosk ledger recovery drill is run every year under the ledger policies.',
    ]) {
      const answer = await yesFrom('Kiosk ledger', sentence, question)
      expectFlagged(answer, 'period-unstated', /does not say it is done yearly/)
    }
  })

  it('leaves a Yes alone when the sentence states the period of the act asked, by its verb or its noun', async () => {
    const sentences = [
      'The kiosk ledger policies are checked and revised every year by the branch manager.',
      'The branch manager approves the kiosk ledger policies at their yearly revision.',
    ]
    await expectLeftAlone('Kiosk ledger', sentences, question, 'period-unstated')
  })

  it('after a verb of doing, reads the thing done as the act ("carry out ... audits" stated as "audits are conducted")', async () => {
    const answer = await yesFrom(
      'Kiosk testing',
      'Kiosk badge audits are conducted every year by an outside firm.',
      'Do you carry out kiosk badge audits at least yearly?',
    )
    expect(answer.rules).not.toContain('period-unstated')
  })

  it("reads a verb of doing as no act: the period asked is the subject's", async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk ledger backups run every four hours.',
      'Are kiosk ledger backups performed at least daily?',
    )
    expect(answer.rules).not.toContain('period-unstated')
  })

  it('reads "done" as no act: the period asked is the subject\'s ("reviews done quarterly" from "reviewed every quarter")', async () => {
    const answer = await yesFrom(
      'Branch rules',
      'Kiosk access is reviewed every quarter.',
      'Are kiosk access reviews done at least quarterly?',
    )
    expect(answer.rules).not.toContain('period-unstated')
  })

  it('flags a Yes whose sentence states no duration the question requires, and reads the one it states', async () => {
    const within = await yesFrom(
      'Till alerts',
      'Till alerts page the branch clerk on duty, who reviews them.',
      'Are till alerts reviewed within 24 hours?',
    )
    expectFlagged(within, 'period-unstated', /does not say it is done within 24 hours/)
    const kept = await yesFrom(
      'Till records',
      'Till records are retained in the branch office safe.',
      'Are till records kept for at least one year?',
    )
    expectFlagged(kept, 'period-unstated', /does not say it is done for at least one year/)
    // A duration of its own, ("400 days" for "at least one year"): stated; met or not is read
    // by the quantity it states.
    await expectLeftAlone(
      'Till records',
      ['Till records are retained in the branch office safe for 400 days.'],
      'Are till records kept for at least one year?',
      'period-unstated',
    )
  })
})

describe('a party that acts in the question (rule party-unstated)', () => {
  const question = 'Will the courier require access to the kiosk vault?'
  const fromVault = async (sentence: string) => {
    const lines = ['# Kiosk vault', '', sentence, '', 'The courier collects the takings on Mondays.', '', ...UNRELATED]
    const [answer] = await answersTo(lines, [question])
    expect(answer!.label).toBe('YES')
    return answer!
  }

  it('flags a Yes whose sentence does not name the party, though its neighbour does', async () => {
    const answer = await fromVault('Access to the kiosk vault requires a badge from the branch.')
    expectFlagged(answer, 'party-unstated', /does not name the courier/)
  })

  it('leaves a Yes alone when the sentence names the party', async () => {
    const answer = await fromVault('The courier requires access to the kiosk vault, with a badge from the branch.')
    expect(answer.rules).not.toContain('party-unstated')
  })
})

describe('a compound that acts in the question, its head never named (rule party-unstated)', () => {
  const question = 'Does the ledger scanner encrypt till receipts?'

  it('flags a Yes from a sentence on ledgers that names no scanner, nor does its context', async () => {
    const answer = await yesFrom('Kiosk ledgers', 'Kiosk ledgers and till receipts are encrypted at rest.', question, [
      '# Counters',
      'Every branch has a ledger scanner behind the counter.',
    ])
    expectFlagged(answer, 'party-unstated', /does not name the ledger scanner/)
  })

  it('leaves a Yes alone when the sentence or its context names the head', async () => {
    await expectLeftAlone(
      'Kiosk ledgers',
      ['The ledger scanner encrypts till receipts before upload.'],
      question,
      'party-unstated',
    )
    const answer = await yesFrom('Ledger scanner', 'Kiosk ledgers and till receipts are encrypted at rest.', question)
    expect(answer.rules).not.toContain('party-unstated')
  })
})

describe('an outside party that does the work in a passive question (rule party-unstated)', () => {
  const question = 'Are the kiosk ledger audits carried out by an independent firm?'

  it('flags a Yes whose sentence says the work is done and not by whom', async () => {
    const answer = await yesFrom('Kiosk ledger', 'Kiosk ledger audits are carried out twice a year.', question)
    expectFlagged(answer, 'party-unstated', /does not name an independent firm/)
    // A firm of its own is no independent one.
    const own = await yesFrom(
      'Kiosk ledger',
      'Kiosk ledger audits are carried out by our internal audit firm.',
      question,
    )
    expectFlagged(own, 'party-unstated', /does not name an independent firm/)
  })

  it("leaves a Yes alone when the sentence names the party, or the agent is one of the vendor's own", async () => {
    const sentences = [
      'Kiosk ledger audits are carried out twice a year by Tallyhouse, an independent firm.',
      'An external firm carries out the kiosk ledger audits twice a year.',
    ]
    await expectLeftAlone('Kiosk ledger', sentences, question, 'party-unstated')
    const own = await yesFrom(
      'Kiosk ledger',
      'Kiosk ledger audits are carried out twice a year.',
      'Are the kiosk ledger audits carried out by the branch clerks?',
    )
    expect(own.rules).not.toContain('party-unstated')
  })
})

describe('roles or an owner asked, and no one named (rule holder-unstated)', () => {
  const question = 'Are kiosk ledger roles and responsibilities defined and assigned?'

  it('flags a Yes whose sentence states the practice and names no one who holds it', async () => {
    const sentence = 'Kiosk ledger roles and responsibilities are defined and assigned in every branch.'
    const answer = await yesFrom('Kiosk ledger', sentence, question)
    expectFlagged(answer, 'holder-unstated', /does not say who holds the roles/)
  })

  it('leaves a Yes alone when the sentence names the party, by name or role', async () => {
    const sentences = [
      'The branch manager holds the kiosk ledger roles and responsibilities, defined for every branch.',
      'Kiosk ledger roles are defined by Ledgerworks and assigned to every branch.',
    ]
    await expectLeftAlone('Kiosk ledger', sentences, question, 'holder-unstated')
  })

  it('flags an owner asked when the sentence names only outside parties, and says so plainly', async () => {
    const answer = await yesFrom(
      'Kiosk ledger',
      'Our reviews check that the suppliers keep a business continuity plan for each kiosk.',
      'Is an owner assigned for the kiosk business continuity plan?',
    )
    expectFlagged(answer, 'holder-unstated', /does not say who the owner is/)
  })
})

describe('a thing asked about that no file mentions (rule head-unseen)', () => {
  it("flags a Yes on the question's other words when no file names the thing itself, and quotes the word", async () => {
    const answer = await yesFrom(
      'Kiosk ledger',
      'Security incidents at the kiosks are monitored by the branch clerks.',
      'Are kiosk security incident tallies established and monitored?',
    )
    expectFlagged(answer, 'head-unseen', /no file mentions "tallies"/)
  })

  it('leaves a Yes alone when the thing is named, or another of the things asked is', async () => {
    for (const [sentence, question] of [
      [
        'Security incident tallies at the kiosks are monitored by the branch clerks.',
        'Are kiosk security incident tallies established and monitored?',
      ],
      [
        'Security incident receipts at the kiosks are monitored by the branch clerks.',
        'Are kiosk security incident tallies and receipts monitored?',
      ],
    ] as const)
      await expectLeftAlone('Kiosk ledger', [sentence], question, 'head-unseen')
  })
})

describe('a sentence the document breaks off (rule cut-off)', () => {
  it('flags an answer whose sentence stops mid-phrase, and quotes where it stops', async () => {
    const question = 'Is kiosk badge data encrypted at rest?'
    const cut = await yesFrom('Kiosk keys', 'Kiosk badge data is encrypted at rest (see the section about', question)
    expectFlagged(cut, 'cut-off', /breaks off in the document \("\.\.\. \(see the section about"\)/)
    const whole = await yesFrom(
      'Kiosk keys',
      'Kiosk badge data is encrypted at rest (see the section on keys).',
      question,
    )
    expect(whole.rules).not.toContain('cut-off')
  })
})

describe('a denial beside the quote (rule denied-elsewhere)', () => {
  it('flags a Yes whose sentence leaves out the practice asked while another on the subject denies it', async () => {
    const question = 'Is your company currently certified to ISO/IEC 27001?'
    const answer = await yesFrom(
      'Kiosk certification',
      'We have started an ISO/IEC 27001 programme for the kiosk business.',
      question,
      ['We are not certified today; a certification audit is booked with the branch auditor.'],
    )
    expectFlagged(answer, 'denied-elsewhere', /the evidence also says "We are not certified today/)
    // Without the denial the programme is read as before.
    await expectLeftAlone(
      'Kiosk certification',
      ['We have started an ISO/IEC 27001 programme for the kiosk business.'],
      question,
      'denied-elsewhere',
    )
  })

  it('flags a Yes to a question asked of every place when one place is said not to have it', async () => {
    const question = 'Is kiosk data encrypted at rest wherever the kiosk stores it?'
    const answer = await yesFrom('Kiosk storage', 'Kiosk data is encrypted at rest in the branch cloud.', question, [
      'Offline tills cache kiosk receipts on a local disk that is not encrypted.',
    ])
    expectFlagged(answer, 'denied-elsewhere', /not encrypted/)
    // Asked of the data, not of every place it is kept: the cache says nothing against it.
    const plain = await yesFrom(
      'Kiosk storage',
      'Kiosk data is encrypted at rest in the branch cloud.',
      'Is kiosk data encrypted at rest?',
      ['Offline tills cache kiosk receipts on a local disk that is not encrypted.'],
    )
    expect(plain.rules).not.toContain('denied-elsewhere')
  })
})

describe('a limit in the next sentence (rule limited-nearby)', () => {
  it('flags a Yes when a sentence right after it, on the same thing, limits it', async () => {
    const question = 'Do you allow branches to audit the ledger on site?'
    const answer = await yesFrom(
      'Audits',
      '4.2 A branch may audit the ledger on site with 30 days of notice.',
      question,
      ['4.3 The right in clause 4.2 applies only where a loss appears in the ledger audit report for the branch site.'],
    )
    expectFlagged(
      answer,
      'limited-nearby',
      /the evidence limits it nearby: "4\.3 The right in clause 4\.2 applies only/,
    )
    await expectLeftAlone(
      'Audits',
      ['4.2 A branch may audit the ledger on site with 30 days of notice.'],
      question,
      'limited-nearby',
    )
  })

  it('flags a Yes when the next sentence denies its own verb of a qualified part of its thing', async () => {
    const question = 'Are kiosk receipts encrypted by the till gateway?'
    const lines = (next: string) => [
      '# Kiosk hardware',
      '',
      `The till gateway encrypts kiosk receipts before they leave the branch. ${next}`,
      '',
      ...UNRELATED,
    ]
    const [answer] = await answersTo(lines('Receipts for refunds under five pounds are not encrypted.'), [question])
    expectFlagged(
      answer!,
      'limited-nearby',
      /the evidence limits it nearby: "Receipts for refunds under five pounds are not encrypted/,
    )
    const [plain] = await answersTo(lines('Receipts for refunds are kept for a year.'), [question])
    expect(plain!.label).toBe('YES')
    expect(plain!.rules).not.toContain('limited-nearby')
  })

  it('flags a Yes when a sentence up to three on says another lacks it, pointing back', async () => {
    const question = 'Do you support locked receipt printers?'
    const lines = (last: string) => [
      '# Kiosk hardware',
      '',
      `In May we shipped locked receipt printers for the Gold kiosk. Gold kiosks now hold the printer in a steel case. Clerks open it with a key from the branch safe. ${last}`,
      '',
      ...UNRELATED,
    ]
    const [answer] = await answersTo(lines('The Silver kiosk does not have this option yet.'), [question])
    expectFlagged(
      answer!,
      'limited-nearby',
      /the evidence limits it nearby: "The Silver kiosk does not have this option yet/,
    )
    const [plain] = await answersTo(lines('The Silver kiosk has it as well.'), [question])
    expect(plain!.label).toBe('YES')
    expect(plain!.rules).not.toContain('limited-nearby')
  })

  it('flags a Yes when the sentence right after it says it is an exception, whatever words it shares', async () => {
    const question = 'Are receipt printers locked on every kiosk?'
    for (const next of [
      'The one exception is the airport branch, whose machines are serviced by the landlord.',
      'This does not apply to the pop-up branches.',
      'The lock does not apply to the pop-up branches.',
      '(The one exception is the airport branch.)',
      'Two airport clerks hold an approved exception.',
      'Kiosks in their first week of service are left out.',
    ]) {
      const [answer] = await answersTo(
        ['# Kiosk hardware', '', `Receipt printers are locked on every kiosk. ${next}`, '', ...UNRELATED],
        [question],
      )
      expectFlagged(answer!, 'limited-nearby', /the evidence limits it nearby/)
    }
    await expectLeftAlone('Kiosk hardware', ['Receipt printers are locked on every kiosk.'], question, 'limited-nearby')
  })
})

describe('a paragraph labelled as an exception later in the section (rule limited-nearby)', () => {
  it('flags a Yes when an "Exception:" paragraph under the same heading names what the question asks', async () => {
    const question = 'Do you give branches 30 days of notice before a new courier starts collecting their tills?'
    const lead = 'We give every branch 30 days of notice before a new courier starts collecting its tills.'
    const between = ['Notice is sent to the branch manager.', 'The branch may object within 14 days.']
    const exception = 'Exception: if a courier fails, a new courier may start collecting tills within the 30 days.'
    const [answer] = await answersTo(
      ['# Couriers', '', `${lead} ${between.join(' ')}`, '', exception, '', ...UNRELATED],
      [question],
    )
    expectFlagged(answer!, 'limited-nearby', /the evidence limits it nearby: "Exception: if a courier fails/)
    // An exception on something else, or under another heading, does not limit it.
    const [other] = await answersTo(
      [
        '# Couriers',
        '',
        `${lead} ${between.join(' ')}`,
        '',
        'Exception: kiosks close on public holidays.',
        '',
        ...UNRELATED,
      ],
      [question],
    )
    expect(other!.label).toBe('YES')
    expect(other!.rules).not.toContain('limited-nearby')
    const [elsewhere] = await answersTo(
      ['# Couriers', '', `${lead} ${between.join(' ')}`, '', '# Tills', '', exception, '', ...UNRELATED],
      [question],
    )
    expect(elsewhere!.label).toBe('YES')
    expect(elsewhere!.rules).not.toContain('limited-nearby')
  })
})

describe('a sentence that leaves what it names out of a scope (rule listed-as-excluded)', () => {
  it('flags a Yes read from a sentence that says its subject is not in the report', async () => {
    const answer = await yesFrom(
      'System description',
      'Controls over the kiosk rooms and their cameras are the responsibility of Tillco and are not included in the scope of this report.',
      'Do you guard the kiosk rooms with cameras?',
    )
    expectFlagged(answer, 'listed-as-excluded', /the quote says it is not included in the scope: check it/)
    const outside = await yesFrom(
      'Scope',
      'The airport kiosk company keeps its own ledger standard and falls outside this document.',
      'Does your ledger standard apply to the airport kiosk company?',
    )
    expectFlagged(outside, 'listed-as-excluded', /falls outside this document/)
    // A label that opens the sentence is its heading.
    const labelled = await yesFrom(
      'Drill scope',
      'Out of scope: the airport kiosks, which a partner runs for us; and the training tills.',
      'Do you run recovery drills for the airport kiosks?',
    )
    expectFlagged(labelled, 'listed-as-excluded', /the quote is listed under "Out of scope"/)
    await expectLeftAlone(
      'System description',
      ['Cameras guard the kiosk rooms at every branch.'],
      'Do you guard the kiosk rooms with cameras?',
      'listed-as-excluded',
    )
  })
})

describe('a practice only permitted (rule ability-not-rule)', () => {
  it('flags "may" where the question asks whether it is done, not whether it is allowed', async () => {
    const answer = await yesFrom(
      'Ledger reviews',
      'The branch manager may audit the tills at the end of a shift.',
      'Do you audit the tills?',
    )
    expectFlagged(answer, 'ability-not-rule', /says it may be done, not that it is/)
    for (const [sentence, question] of [
      // Asked whether it may be done.
      ['The branch manager may audit the tills at the end of a shift.', 'May the branch manager audit the tills?'],
      // A rule beside it.
      ['The branch manager must audit the tills and may ask a clerk to help.', 'Do you audit the tills?'],
      // "MAY" in capitals is RFC 2119's, which the hedge rule reads.
      ['The branch manager audits the tills at the end of a shift.', 'Do you audit the tills?'],
    ] as const) {
      const [answer] = await answersTo([`# Ledger reviews`, '', sentence, '', ...UNRELATED], [question])
      expect(answer!.reasons.join(' '), sentence).not.toMatch(/may be done/)
    }
  })
})

describe('every member of a party narrowed by a name (rule scope-narrower)', () => {
  it('flags "all clerks based in Norway" for a question on all clerks', async () => {
    const answer = await yesFrom(
      'Hiring',
      'Background checks must be completed before hire for all clerks based in Norway and Iceland.',
      'Are background checks performed on all clerks before hire?',
    )
    expectFlagged(answer, 'scope-narrower', /of clerks based in Norway and Iceland, not on all clerks/)
    await expectLeftAlone(
      'Hiring',
      ['Background checks must be completed before hire for all clerks at every branch.'],
      'Are background checks performed on all clerks before hire?',
      'scope-narrower',
    )
  })
})

describe('a practice a provider gives (rule provider-performs)', () => {
  it('reads "provided by" a cloud provider as handed over', async () => {
    const answer = await yesFrom(
      'Kiosk rooms',
      'We do not run our own kiosk rooms; physical security of the rooms is provided by AWS.',
      'Do you restrict physical access to the kiosk rooms?',
    )
    expectFlagged(answer, 'provider-performs', /provided by AWS/)
  })
})

describe('the participle after a subject with a hyphenated modifier (rule other-participle)', () => {
  it('reads "the smart-lock kiosks" as a noun phrase, and the participle after it as the one asked', async () => {
    const answer = await yesFrom(
      'Kiosk secrets',
      'Badge tokens for each smart-lock kiosk are stored in the branch vault.',
      'Are badge tokens for the smart-lock kiosks rotated on a defined schedule?',
    )
    expectFlagged(answer, 'other-participle', /the evidence says it is "stored", not "rotated"/)
  })
})

describe('an officer is no team, a SIEM no log', () => {
  it('does not answer a question on a designated officer from a sentence on a team', async () => {
    const [answer] = await answersTo(
      [
        '# Ledger security',
        '',
        'Our security team reports to the branch director and owns the ledger policies.',
        '',
        ...UNRELATED,
      ],
      ['Do you have a designated Chief Information Security Officer?'],
    )
    expect(answer!.label === 'YES' && !answer!.flagged).toBe(false)
  })

  it('does not answer a question on a SIEM from a sentence on logs', async () => {
    const [answer] = await answersTo(
      ['# Ledger monitoring', '', 'Ledger logs go to the branch log store and are kept for 30 days.', '', ...UNRELATED],
      ['Do you use a SIEM to correlate ledger events?'],
    )
    expect(answer!.label === 'YES' && !answer!.flagged).toBe(false)
    const [siem] = await answersTo(
      [
        '# Ledger monitoring',
        '',
        'Ledger logs are collected in a central SIEM and kept for 13 months.',
        '',
        ...UNRELATED,
      ],
      ['Are ledger logs collected centrally?'],
    )
    expect(siem!.label).toBe('YES')
  })
})

describe('a place asked alone, named with others (rule place-wider)', () => {
  it('flags "in Norway and Iceland" for a question confined to Norway', async () => {
    const question = 'Are all branch clerks located within Norway?'
    const answer = await yesFrom('Staff', 'Our branch clerks are based in Norway and Iceland.', question)
    expectFlagged(answer, 'place-wider', /the evidence names "Norway and Iceland"/)
    await expectLeftAlone('Staff', ['Our branch clerks are based in Norway.'], question, 'place-wider')
  })
})

describe('the participle the sentence itself says (rule other-participle)', () => {
  it('reads the sentence, not its heading, for the participle asked', async () => {
    const answer = await yesFrom(
      'Ledger location and access',
      'Ledger data is hosted in branch servers in the European Economic Area.',
      'Is ledger data accessed only from locations within the European Economic Area?',
    )
    expectFlagged(answer, 'other-participle', /the evidence says it is "hosted", not "accessed"/)
    // A participle the question asks too ("stored encrypted") is no other.
    await expectLeftAlone(
      'Ledger keys',
      ['Clerk passwords are encrypted.'],
      'Are clerk passwords stored encrypted?',
      'other-participle',
    )
  })
})

describe('a name with an acronym in it (rule name-never-mentioned)', () => {
  it('leaves a question on "KTB Benchmarks" for the user when no file names them', async () => {
    const [answer] = await answersTo(
      ['# Kiosk builds', '', 'Kiosk tills are hardened by the branch build standard.', '', ...UNRELATED],
      ['Are kiosk tills hardened according to KTB Benchmarks?'],
    )
    expect(answer!.label).toBeNull()
    expect(answer!.rule).toBe('name-never-mentioned')
    // An acronym that spells a concept ("Web SSO") is the concept, which the sentence may name otherwise.
    const [sso] = await answersTo(
      ['# Kiosk sign-in', '', 'Kiosk clerks sign in through SAML single sign-on.', '', ...UNRELATED],
      ['Do kiosk tills support Web SSO standards?'],
    )
    expect(sso!.rule).not.toBe('name-never-mentioned')
  })
})

describe('a sentence that reports what the reader asked for (rule question-in-evidence)', () => {
  it('reads the answer after "Your memo asked for ...", not the request', async () => {
    const [answer] = await answersTo(
      [
        '# Your requests',
        '',
        'Your memo asked for branch-managed ledger keys held in your own key vault.',
        '',
        'This is not offered today.',
        '',
        ...UNRELATED,
      ],
      ['Do you support branch-managed ledger keys?'],
    )
    expect(answer!.label === 'YES' && !answer!.flagged).toBe(false)
    expect(answer!.rules).toContain('question-in-evidence')
  })
})

describe('a complement the sentence does not name (rule complement-unstated)', () => {
  it('flags a Yes whose sentence names neither the participle nor its complement', async () => {
    const answer = await yesFrom(
      'Kiosk devices',
      'Every kiosk laptop runs our EDR agent.',
      'Is endpoint detection and response (EDR) deployed on branch servers?',
    )
    expectFlagged(answer, 'complement-unstated', /the evidence does not say it is done "on branch servers"/)
  })
})

describe('the object of an infinitive the evidence does not name (rule complement-unstated)', () => {
  it('flags a Yes whose sentence names the participle but not the object of its infinitive', async () => {
    const question = 'Are kiosk laptops configured to block all removable drives?'
    const answer = await yesFrom(
      'Kiosk devices',
      'Kiosk laptops are configured centrally by the branch IT team.',
      question,
    )
    expectFlagged(answer, 'complement-unstated', /the evidence does not say it is done "to block all removable drives"/)
    await expectLeftAlone(
      'Kiosk devices',
      ['Kiosk laptops are configured to block removable drives at every branch.'],
      question,
      'complement-unstated',
    )
  })

  it('reads "to" before a bare noun phrase as a preposition, not an infinitive', async () => {
    const answer = await yesFrom(
      'Ledger policy',
      'The ledger policy is approved by the branch manager and communicated to every clerk.',
      'Is the ledger policy communicated to appropriate personnel?',
    )
    expect(answer.rules).not.toContain('complement-unstated')
  })
})

describe('a period that qualifies another thing in the sentence (rule period-unstated)', () => {
  it('flags a Yes whose period is written before the name of something else', async () => {
    const question = 'Is the kiosk safe audited at least quarterly?'
    const answer = await yesFrom(
      'Kiosk checks',
      'The kiosk safe is audited by the branch manager, with quarterly cash counts by the clerks.',
      question,
    )
    expectFlagged(answer, 'period-unstated', /the evidence does not say it is done quarterly/)
    await expectLeftAlone(
      'Kiosk checks',
      [
        'The kiosk safe is audited quarterly by the branch manager.',
        'The branch manager runs quarterly kiosk safe audits.',
      ],
      question,
      'period-unstated',
    )
  })
})

describe('a "May ...?" question answered from a prohibition', () => {
  it('reads "is prohibited" as a No to "May ...?", as to "Is ... allowed?"', async () => {
    const lines = [
      '# Kiosk ledgers',
      '',
      'Copying kiosk ledgers, or printing extracts of them, to any till outside the branch is prohibited.',
      '',
      ...UNRELATED,
    ]
    const [may, allowed] = await answersTo(lines, [
      'May kiosk ledgers be copied to tills outside the branch?',
      'Is copying kiosk ledgers to tills outside the branch allowed?',
    ])
    expect(may!.label).toBe('NO')
    expect(allowed!.label).toBe('NO')
  })
})

describe('a denial to anyone, for a question on third parties', () => {
  it('answers No to "sold to third parties?" from "never sold to anyone"', async () => {
    const lines = [
      '# Kiosk ledgers',
      '',
      'The branch partner hosts the card form at the till.',
      '',
      'We never sell kiosk clerk ledgers, to anyone, for any price.',
      '',
      ...UNRELATED,
    ]
    const [answer] = await answersTo(lines, ['Are kiosk clerk ledgers sold to third parties?'])
    expect(answer!.label).toBe('NO')
  })
})

describe('a permission the evidence caps (rule permission-capped)', () => {
  it('flags a Yes to "Can ...?" whose sentence allows it only within a limit', async () => {
    const question = 'Can clerks defer kiosk software updates?'
    const answer = await yesFrom(
      'Kiosk updates',
      'Clerks can defer kiosk software updates, but no update can be deferred for more than seven days.',
      question,
    )
    expectFlagged(
      answer,
      'permission-capped',
      /allows it only within a limit \("no update can be deferred for more than seven days"\)/,
    )
    await expectLeftAlone(
      'Kiosk updates',
      ['Clerks can defer kiosk software updates from the console.'],
      question,
      'permission-capped',
    )
    // A cap on something that is done, not allowed, is its measure.
    const done = await yesFrom(
      'Kiosk updates',
      'Kiosk software updates are installed for no more than ten minutes at night.',
      'Are kiosk software updates installed at night?',
    )
    expect(done.label).toBe('YES')
    expect(done.rules).not.toContain('permission-capped')
  })
})

describe('a time given for the event the question times its act from (rule duration-other-act)', () => {
  it('flags a Yes whose sentence gives the time of the event, not of the act', async () => {
    const question = 'Are lost kiosk devices wiped within 24 hours of being reported?'
    const answer = await yesFrom(
      'Kiosk devices',
      'Lost kiosk devices must be reported to the branch manager within 24 hours.',
      question,
      ['Once the loss is confirmed, the branch manager locks the device and starts a remote wipe.'],
    )
    expectFlagged(answer, 'duration-other-act', /the evidence gives a time for being reported, not for being wiped/)
    await expectLeftAlone(
      'Kiosk devices',
      ['Lost kiosk devices are wiped within 24 hours of being reported to the branch manager.'],
      question,
      'duration-other-act',
    )
  })
})

describe('a sentence that asks what the question asks (rule asked-whether)', () => {
  it('flags a Yes whose key words stand only after "confirm whether" or "asked if"', async () => {
    const question = 'Is kiosk ledger data included in the recovery test?'
    const action = await yesFrom(
      'Actions',
      'ACTION (Dana): confirm whether kiosk ledger data is included in the recovery test.',
      question,
    )
    expectFlagged(action, 'asked-whether', /the quote asks it \("confirm whether \.\.\."\), it does not state it/)
    await expectLeftAlone(
      'Actions',
      ['Kiosk ledger data is included in the recovery test, and Dana will check whether the restore time is met.'],
      question,
      'asked-whether',
    )
  })
})

describe('a quantity met in some columns of a table by plan (rule threshold-some-columns)', () => {
  const question = 'Are kiosk audit logs kept for no less than 12 months?'
  const table = (heading: string) => [
    `# ${heading}`,
    '',
    '| Data | Basic | Plus | Premier |',
    '|---|---|---|---|',
    '| Kiosk audit logs | 90 days | 12 months | 24 months |',
    '| Till receipts | 30 days | 6 months | 12 months |',
    '',
    ...UNRELATED,
  ]

  it('flags a Yes from a row by plan whose cells meet the requirement in some columns only, quoting the one missing it', async () => {
    const [answer] = await answersTo(table('Retention by plan'), [question])
    expect(answer!.label).toBe('YES')
    expectFlagged(
      answer!,
      'threshold-some-columns',
      /the evidence states 90 days in one column; the question asks for at least 12 months/,
    )
  })

  it('leaves alone a row whose columns are no offerings, and a row that meets it in every column', async () => {
    const [stores] = await answersTo(table('Retention by store'), [question])
    expect(stores!.label).toBe('YES')
    expect(stores!.rules).not.toContain('threshold-some-columns')
    const [met] = await answersTo(table('Retention by plan'), ['Are kiosk audit logs kept for no less than 60 days?'])
    expect(met!.label).toBe('YES')
    expect(met!.rules).not.toContain('threshold-some-columns')
  })
})

describe('one of many, named (rule one-named)', () => {
  const question = 'Do you run camera surveillance at your branch locations?'

  it('flags a Yes to a question on things in the plural from a sentence on one of them, named', async () => {
    const answer = await yesFrom(
      'Branch cameras',
      'The Leeds branch has camera surveillance covering every door.',
      question,
    )
    expectFlagged(answer, 'one-named', /the evidence speaks of the Leeds branch: check the others/)
  })

  it('leaves alone a sentence on all of them, and a name that is a standard', async () => {
    await expectLeftAlone(
      'Branch cameras',
      [
        'Every branch has camera surveillance covering every door.',
        'Our branches have camera surveillance covering every door.',
      ],
      question,
      'one-named',
    )
    await expectLeftAlone(
      'Kiosk ledgers',
      ['Every kiosk ledger is kept encrypted on the till by means of the AES-256-GCM algorithm.'],
      'Are kiosk ledgers kept encrypted, with strong ciphers/algorithms, on the till?',
      'one-named',
    )
  })
})

describe('a practice said only to be written down elsewhere (rule described-elsewhere)', () => {
  it('flags a Yes from a sentence that only names the document the practice is described in', async () => {
    const answer = await yesFrom(
      'Kiosk ledgers',
      'Controls over kiosk ledger exports, including bulk copies to tills, are described in the Kiosk Handling Standard (KS-04).',
      'Do controls exist to stop bulk copies of kiosk ledgers to tills?',
    )
    expectFlagged(
      answer,
      'described-elsewhere',
      /the quote refers to another document \("described in the Kiosk Handling Standard \(KS-04\)"\)/,
    )
  })

  it('leaves it alone when the question asks whether the practice is documented', async () => {
    await expectLeftAlone(
      'Kiosk ledgers',
      [
        'Controls over kiosk ledger exports, including bulk copies to tills, are described in the Kiosk Handling Standard (KS-04).',
      ],
      'Are controls over bulk copies of kiosk ledgers documented?',
      'described-elsewhere',
    )
  })
})

describe("a year's edition the quote does not name (rule edition-unstated)", () => {
  const question = 'Is kiosk clerk training based on the 2021 edition of the Till Handling Guide?'

  it('flags a Yes from a sentence that names the guide without the year asked', async () => {
    const answer = await yesFrom(
      'Kiosk training',
      'Kiosk clerk training is built around the Till Handling Guide.',
      question,
    )
    expectFlagged(answer, 'edition-unstated', /the evidence names Till Handling Guide without its 2021 edition/)
  })

  it('leaves alone a sentence that names the year', async () => {
    await expectLeftAlone(
      'Kiosk training',
      ['Kiosk clerk training is built around the 2021 Till Handling Guide.'],
      question,
      'edition-unstated',
    )
  })
})

describe("an answer to another question of the evidence's own questionnaire (rule answers-other-question)", () => {
  const table = (asked: string) => [
    '# Answers to the branch review',
    '',
    '| # | Question | Answer | Comment |',
    '|---|---|---|---|',
    `| 10 | ${asked} | Yes | Kiosk API using signed till credentials. Each credential is scoped to one branch. |`,
    '',
    ...UNRELATED,
  ]
  const question = 'Do kiosk API credentials expire automatically after a defined lifetime?'

  it('flags a Yes read from an answer cell whose row asks something else', async () => {
    const [answer] = await answersTo(table('Does the kiosk offer an API, and how is it secured?'), [question])
    expectFlagged(
      answer!,
      'answers-other-question',
      /the quote answers another question \("Does the kiosk offer an API, and how is it secured\?"\)/,
    )
  })

  it('leaves it alone when the row asks much the same', async () => {
    const [answer] = await answersTo(table('Do kiosk API credentials expire automatically after a set lifetime?'), [
      question,
    ])
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('answers-other-question')
  })
})

describe('one row of a table, where another row says otherwise (rule row-only)', () => {
  const table = (last: string) => [
    '# Standby site',
    '',
    'Customer data is held in the till ledger database and the kiosk photo archive.',
    '',
    '| Component | Recovery time | How data reaches the standby site |',
    '|---|---|---|',
    '| Till ledger database | 4 hours | Continuous replication to the standby site |',
    `| Kiosk photo archive | 24 hours | ${last} |`,
    '',
    ...UNRELATED,
  ]
  const question = 'Is customer data continuously replicated to the standby site?'

  it('flags a Yes from one named row when another row of the table gives another value', async () => {
    const [answer] = await answersTo(table('Nightly batch copy'), [question])
    expectFlagged(
      answer!,
      'row-only',
      /the evidence says it of one row \("Till ledger database"\); another says "Nightly batch copy"/,
    )
  })

  it('leaves it alone when every row says the same', async () => {
    const [answer] = await answersTo(table('Continuous replication to the standby site'), [question])
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('row-only')
  })
})

describe('a question whether it is allowed, from a sentence that gives no leave (rule permission-unstated)', () => {
  const question = 'May clerks take kiosk ledgers home?'

  it('flags a Yes from a rule, an event or a description that says nothing of leave', async () => {
    for (const sentence of [
      'Clerks must take kiosk ledgers home at the end of each shift.',
      'Last spring a clerk took kiosk ledgers home at the end of a shift.',
      'Clerks take kiosk ledgers home at the end of each shift.',
    ]) {
      const answer = await yesFrom('Kiosk ledgers', sentence, question)
      expectFlagged(answer, 'permission-unstated', /the question asks whether it is allowed; the quote does not say so/)
    }
  })

  it('leaves alone a sentence that gives leave, and a question that asks no leave', async () => {
    await expectLeftAlone(
      'Kiosk ledgers',
      ["Clerks may take kiosk ledgers home with the manager's approval."],
      question,
      'permission-unstated',
    )
    await expectLeftAlone(
      'Kiosk ledgers',
      ['Clerks take kiosk ledgers home at the end of each shift.'],
      'Do clerks take kiosk ledgers home?',
      'permission-unstated',
    )
  })
})

describe('a figure the quote does not give (rule figure-unstated)', () => {
  it('flags a Yes to a question that asks a figure the sentence does not state', async () => {
    const answer = await yesFrom(
      'Kiosk audit',
      'We posted our kiosk audit score to the branch register in November.',
      'Is your current kiosk audit score 110?',
    )
    expectFlagged(answer, 'figure-unstated', /the evidence does not state 110/)
  })

  it('leaves alone the figure stated, a name with its number, and a quantity with its unit', async () => {
    await expectLeftAlone(
      'Kiosk audit',
      ['We posted our kiosk audit score of 110 to the branch register in November.'],
      'Is your current kiosk audit score 110?',
      'figure-unstated',
    )
    await expectLeftAlone(
      'Kiosk links',
      ['Kiosk links are encrypted with TLS 1.3.'],
      'Are kiosk links protected by TLS 1.2 at a minimum?',
      'figure-unstated',
    )
  })
})

describe('a subject defined by what it does not do (rule subject-denied)', () => {
  const question = 'Do your selling kiosks publish signed till receipts?'

  it('flags a Yes from a sentence on the kiosks that do not sell', async () => {
    const answer = await yesFrom(
      'Kiosk receipts',
      'Kiosks we own but do not use for sales publish signed till receipts for testing.',
      question,
    )
    expectFlagged(answer, 'subject-denied', /the quote speaks of "Kiosks we own but do not use for sales"/)
  })

  it('leaves alone a relative clause with no denial', async () => {
    await expectLeftAlone(
      'Kiosk receipts',
      ['Kiosks we own and use for sales publish signed till receipts.'],
      question,
      'subject-denied',
    )
  })
})

describe('employees for contractors (rule workforce-other)', () => {
  it('flags a Yes to a question on contractors or temporary workers from a sentence on employees only', async () => {
    const question = 'Do contractors and temporary workers complete till training?'
    const answer = await yesFrom('Till training', 'Employees finish till training in their first month.', question)
    expectFlagged(answer, 'workforce-other', /the evidence speaks of employees, not contractors or temporary workers/)
  })

  it('leaves it alone when the sentence names them, or the question asks of employees', async () => {
    await expectLeftAlone(
      'Till training',
      ['Employees and contractors finish till training in their first month.'],
      'Do contractors complete till training?',
      'workforce-other',
    )
    await expectLeftAlone(
      'Till training',
      ['Employees finish till training in their first month.'],
      'Do employees complete till training?',
      'workforce-other',
    )
  })
})

describe("another party's responsibility (rule responsibility-other)", () => {
  it('flags a Yes whose sentence makes the practice the responsibility of a party the question does not name', async () => {
    const question = 'Are branch kiosks fitted with tamper alarms?'
    const landlord = await yesFrom(
      'Branch kiosks',
      "Kiosk locks and tamper alarms are the landlord's responsibility.",
      question,
    )
    expectFlagged(landlord, 'responsibility-other', /the responsibility of the landlord: check what you do yourself/)
    const of = await yesFrom(
      'Branch kiosks',
      'Kiosk locks and tamper alarms are the responsibility of the building owner.',
      question,
    )
    expectFlagged(of, 'responsibility-other', /the responsibility of the building owner:/)
    // Our own people, a name (perhaps the vendor's own), and responsibility for a thing are no other party.
    await expectLeftAlone(
      'Branch kiosks',
      [
        "Kiosk locks and tamper alarms are the facilities team's responsibility.",
        "Kiosk locks and tamper alarms are Tillworth's responsibility.",
        'Every branch kiosk has tamper alarms, and the responsibility of security rests with the branch manager.',
      ],
      question,
      'responsibility-other',
    )
  })
})

describe('an indefinite share where the question asks of all (rule some-of-all)', () => {
  it('flags a Yes whose sentence gives "one or more" or "some" of what the question asks of all', async () => {
    const question = 'Are ledger totals sent to all three regional clearing houses?'
    const some = await yesFrom(
      'Ledgers',
      'Ledger totals are sent to one or more regional clearing houses each night.',
      question,
    )
    expectFlagged(some, 'some-of-all', /the question asks about all; the evidence says "one or more"/)
    await expectLeftAlone(
      'Ledgers',
      ['Ledger totals are sent to each of the three regional clearing houses every night.'],
      question,
      'some-of-all',
    )
    // Asked without "all", one or more is an answer.
    const any = await yesFrom(
      'Ledgers',
      'Ledger totals are sent to one or more regional clearing houses each night.',
      'Are ledger totals sent to a regional clearing house?',
    )
    expect(any.rules).not.toContain('some-of-all')
  })
})

describe('a party narrowed by a clause with a verb of its own (rule scope-narrower)', () => {
  it("reads the clause to its end, not into the sentence's own verb", async () => {
    const answer = await yesFrom(
      'Kiosk devices',
      'Contractors engaged for more than three months receive a managed kiosk laptop.',
      'Are contractors required to use company-managed kiosk laptops?',
    )
    expectFlagged(answer, 'scope-narrower', /of contractors engaged for more than three months, not contractors/)
  })
})

describe('a verbless limit right after the quote (rule limited-nearby)', () => {
  it('flags a Yes whose next sentence opens with a clause that only limits it', async () => {
    const question = 'Does the kiosk app require a PIN before it opens?'
    const lead = 'The kiosk app now asks for the device PIN before it opens.'
    const [answer] = await answersTo(
      ['# Release 4.2', '', `${lead} Tablets only in this release; phones will follow later.`, '', ...UNRELATED],
      [question],
    )
    expectFlagged(answer!, 'limited-nearby', /"Tablets only in this release; phones will follow later\."/)
    const [whole] = await answersTo(
      ['# Release 4.2', '', `${lead} Phones and tablets get it in this release.`, '', ...UNRELATED],
      [question],
    )
    expect(whole!.rules).not.toContain('limited-nearby')
  })
})

describe('a denial of a concept spelled otherwise (polarity of the sentences read)', () => {
  it('reads "does not include SSO" as denying the question\'s "single sign-on"', async () => {
    const [answer] = await answersTo(
      [
        '# Kiosk release notes',
        '',
        '## Added',
        '',
        'SAML 2.0 single sign-on is now part of the Gold kiosk edition.',
        '',
        '## Editions',
        '',
        'Basic does not include SSO.',
        '',
        ...UNRELATED,
      ],
      ['Does the kiosk product support SAML 2.0 single sign-on?'],
    )
    expectFlagged(answer!, 'self-contradiction', /the evidence contradicts itself/)
  })
})

describe('an adjective with a complement that names nothing (rule predicate-unstated)', () => {
  it('asks the adjective of "open to the public" (a complement that names nothing)', async () => {
    const answer = await yesFrom(
      'Kiosk bounty',
      'Separately, we run a kiosk bug bounty on a managed platform.',
      'Is your kiosk bug bounty program open to the public?',
    )
    expectFlagged(answer, 'predicate-unstated', /the evidence does not say it is "open"/)
    await expectLeftAlone(
      'Kiosk bounty',
      ['Our kiosk bug bounty program is open to anyone who signs up.'],
      'Is your kiosk bug bounty program open to the public?',
      'predicate-unstated',
    )
  })
})

describe('a number the quote writes as a date (rule number-as-date)', () => {
  it('flags "under 18" answered from "18 March"', async () => {
    const answer = await yesFrom(
      'Kiosk incident',
      '18 March: we told the branches whose kiosk clerks were affected.',
      'Were any of the affected kiosk clerks under 18?',
    )
    expectFlagged(answer, 'number-as-date', /the quote's number is a date \("18 March"\)/)
    await expectLeftAlone(
      'Kiosk incident',
      ['Two of the affected kiosk clerks were under 18.'],
      'Were any of the affected kiosk clerks under 18?',
      'number-as-date',
    )
  })
})

describe('a party the sentence itself must name (rule scope-unstated)', () => {
  it('flags checks "on contractors" answered from a sentence on staff, with contractors only in a neighbour', async () => {
    const answer = await yesFrom(
      'Kiosk staff',
      'Clerks who can reach the kiosk ledgers pass a criminal background check before their first day.',
      'Do you perform background checks on contractors?',
      ['We also work with a few outside contractors for kiosk signage; they have no access to the ledgers.'],
    )
    expectFlagged(answer, 'scope-unstated', /the evidence does not say it applies "on contractors"/)
  })

  it('reads the party before a clause that follows it ("on contractors before they start")', async () => {
    const answer = await yesFrom(
      'Kiosk staff',
      'Clerks who can reach the kiosk ledgers pass a criminal background check before their first day.',
      'Do you run background checks on contractors before they are given ledger access?',
    )
    expectFlagged(answer, 'scope-unstated', /the evidence does not say it applies "on contractors"/)
  })
})

describe("a denial the ranking passed over in the quote's passage (rule denied-elsewhere)", () => {
  const question = 'Did any security incident this quarter cause a loss of kiosk ledgers?'
  const paragraph = (middle: string) => [
    '# Branch incidents',
    '',
    `Four events were handled as security incidents this quarter. ${middle} The incident response plan was updated in June with a playbook for till outages.`,
    '',
    ...UNRELATED,
  ]

  it('flags a Yes read from the core alone when a sentence beside it states the rest of the question and denies it', async () => {
    const [answer] = await answersTo(paragraph("None of the quarter's incidents caused a loss of kiosk ledgers."), [
      question,
    ])
    expectFlagged(answer!, 'denied-elsewhere', /the evidence also says "None of the quarter's incidents caused a loss/)
  })

  it('leaves it alone when the sentence beside it states the rest without denying it', async () => {
    const [answer] = await answersTo(paragraph("Two of the quarter's incidents caused a loss of kiosk ledgers."), [
      question,
    ])
    expect(answer!.label).toBe('YES')
    expect(answer!.rules).not.toContain('denied-elsewhere')
  })
})

describe('a subject said elsewhere to be not yet available (rule denied-elsewhere)', () => {
  const question = 'Is kiosk sync supported for till clients?'

  it('flags a Yes to a question of form words only when another sentence says the whole subject is not available', async () => {
    const answer = await yesFrom(
      'Kiosk sync',
      'Till clients in the north branches can be set up to use kiosk sync each night.',
      question,
      ['Kiosk sync is not yet available for tills in the south branches.'],
    )
    expectFlagged(answer, 'denied-elsewhere', /the evidence also says "Kiosk sync is not yet available/)
  })

  it('leaves it alone when the other sentence denies something else of it', async () => {
    const answer = await yesFrom(
      'Kiosk sync',
      'Till clients in the north branches can be set up to use kiosk sync each night.',
      question,
      ['Kiosk sync is not a backup of the till.'],
    )
    expect(answer.rules).not.toContain('denied-elsewhere')
  })
})

describe('what every member is to have, denied of one (rule denied-elsewhere)', () => {
  it('flags "Do all kiosks have a spare till?" when a tier of them has none', async () => {
    const question = 'Do all kiosk services have a standby till in a second branch?'
    const answer = await yesFrom(
      'Kiosk tiers',
      'Tier 1 kiosk services run a standby till in a second branch.',
      question,
      ['Tier 3 kiosk services have no standby till.'],
    )
    expectFlagged(answer, 'denied-elsewhere', /Tier 3 kiosk services have no standby till/)
    // "Tier 1 kiosk services" is the question's "kiosk services", not another compound.
    expect(answer.rules).not.toContain('compound-elsewhere')
  })
})

describe('what the vendor does for its own people (rule own-staff-only)', () => {
  it("flags a product question answered from a sentence on the vendor's own staff", async () => {
    const question = 'Does the kiosk product support SAML single sign-on?'
    const answer = await yesFrom(
      'Kiosk sign-in',
      'For our own staff, we use SAML single sign-on through one identity provider.',
      question,
    )
    expectFlagged(
      answer,
      'own-staff-only',
      /the quote is about your own people \("For our own staff"\), not the product/,
    )
    await expectLeftAlone(
      'Kiosk sign-in',
      ['The kiosk product supports SAML single sign-on with any identity provider.'],
      question,
      'own-staff-only',
    )
  })
})

describe("a report named as another party's (rule other-holder)", () => {
  it('flags "Do you have your own SOC 2 report?" answered from the provider\'s', async () => {
    const question = 'Does your organization have its own SOC 2 Type II report?'
    const answer = await yesFrom(
      'Kiosk audit',
      "For the hosting, we read the provider's most recent SOC 2 Type II report and its bridge letter.",
      question,
    )
    expectFlagged(answer, 'other-holder', /the evidence says this of the provider, not of you/)
    await expectLeftAlone(
      'Kiosk audit',
      ['Our most recent SOC 2 Type II report covers the kiosk platform.'],
      question,
      'other-holder',
    )
  })
})

describe("the question's verb said of its subject elsewhere (rule verb-elsewhere)", () => {
  it('flags a Yes whose sentence names the subject but not the verb asked, when another sentence names both', async () => {
    const question = 'Do you sell kiosk data to third parties?'
    const answer = await yesFrom(
      'Kiosk partners',
      'Two third parties help us run the kiosk network, a card processor and a receipt printing service, and both hold kiosk data under contract.',
      question,
      ['We do not sell kiosk data.'],
    )
    expectFlagged(answer, 'verb-elsewhere', /the quote does not say you "sell"; another passage/)
    // Without a sentence that sells anything, the lead is read as before.
    const [alone] = await answersTo(
      [
        '# Kiosk partners',
        '',
        'Two third parties help us run the kiosk network, a card processor and a receipt printing service, and both hold kiosk data under contract.',
        '',
        ...UNRELATED,
      ],
      [question],
    )
    expect(alone!.rules).not.toContain('verb-elsewhere')
  })
})

describe('a note the quote points to (rule note-referenced)', () => {
  const question = 'Are kiosk tills patched within seven days?'

  it('flags a Yes whose sentence carries a mark that a note of the file opens with, and quotes the note', async () => {
    for (const [mark, note] of [
      ['(2)', '(2)'],
      ['\u00b2', '\u00b2'],
    ]) {
      const answer = await yesFrom('Kiosk tills', `Kiosk tills are patched within seven days ${mark}.`, question, [
        `${note} Tills in the airport branches are patched in the quarterly window instead.`,
      ])
      expectFlagged(answer, 'note-referenced', /the quote points to a note: "Tills in the airport branches/)
    }
  })

  it('reads a note named in words ("see note 1") and quotes it', async () => {
    const answer = await yesFrom('Kiosk tills', 'Kiosk tills are patched within seven days (see note 1).', question, [
      'Note 1: Tills in the airport branches are patched in the quarterly window instead.',
    ])
    expectFlagged(answer, 'note-referenced', /the quote points to a note: "Tills in the airport branches/)
  })

  it('reads a note named in words as an item of a numbered list under a heading of notes', async () => {
    const note = (heading: string) => [
      '# Kiosk tills',
      '',
      'Kiosk tills are patched within seven days (see note 2).',
      '',
      heading,
      '',
      '1. Tills are counted at close.',
      '2. Tills in the airport branches are patched in the quarterly window instead.',
      '',
      ...UNRELATED,
    ]
    const [answer] = await answersTo(note('## Notes'), [question])
    expectFlagged(answer!, 'note-referenced', /the quote points to a note: "Tills in the airport branches/)
    // The same list under another heading is no note.
    const [plain] = await answersTo(note('## Till steps'), [question])
    expect(plain!.label).toBe('YES')
    expect(plain!.rules).not.toContain('note-referenced')
  })

  it('leaves a mark alone that no note opens with, and figures in brackets that count through the sentence', async () => {
    await expectLeftAlone(
      'Kiosk tills',
      [
        'Kiosk tills are patched within seven days (2).',
        'Kiosk tills are (1) patched within seven days and (2) restarted afterwards.',
      ],
      question,
      'note-referenced',
    )
  })
})

describe('a severity the quote does not name (rule severity-other)', () => {
  const question = 'Are high-severity kiosk patches applied within 30 days of release?'

  it('flags a Yes from a sentence that names only another severity', async () => {
    const answer = await yesFrom(
      'Kiosk patches',
      'Critical kiosk patches are applied within 14 days of release.',
      question,
    )
    expectFlagged(answer, 'severity-other', /the quote speaks of critical severity, not the one asked/)
  })

  it('reads a severity by number ("Severity 2", "P1") the same way', async () => {
    const numbered = 'Are root cause reports written for Severity 2 kiosk outages?'
    const answer = await yesFrom(
      'Kiosk outages',
      'A root cause report is written for every Severity 1 kiosk outage.',
      numbered,
    )
    expectFlagged(answer, 'severity-other', /the quote speaks of Severity 1, not the one asked/)
    await expectLeftAlone(
      'Kiosk outages',
      ['A root cause report is written for every Severity 1 or Severity 2 kiosk outage.'],
      numbered,
      'severity-other',
    )
  })

  it('leaves a Yes alone when the sentence names the severity asked, or none', async () => {
    await expectLeftAlone(
      'Kiosk patches',
      [
        'Critical and high kiosk patches are applied within 14 days of release.',
        'Kiosk patches are applied within 14 days of release.',
      ],
      question,
      'severity-other',
    )
  })
})

describe('what one party can do, said of other people (rule other-able)', () => {
  it('flags a Yes from a sentence whose every "can" has other people as its subject', async () => {
    const sentence = "Branch managers can export any clerk's till history from the kiosk console."
    for (const question of ['Are clerks able to export their till history?', 'Can clerks export their till history?']) {
      const answer = await yesFrom('Till history', sentence, question)
      expectFlagged(answer, 'other-able', /the evidence says Branch managers can, not clerks/)
    }
  })

  it('leaves a Yes alone when some "can" is the party\'s, or a guide addresses its reader', async () => {
    await expectLeftAlone(
      'Till history',
      [
        'Branch managers can export any till history, and clerks can export their own till history.',
        'In the kiosk console you can export the till history of any clerk.',
        'Till history can be exported by clerks from the kiosk console.',
      ],
      'Can clerks export their till history?',
      'other-able',
    )
    // The same people by a short form.
    await expectLeftAlone(
      'Till history for administrators',
      ['Admins can export the till history of any kiosk.'],
      'Can administrators export the till history?',
      'other-able',
    )
  })
})

describe('a numbered clause that an exception elsewhere in the file names (rule clause-excepted)', () => {
  const question = 'Are kiosk tills locked at closing time?'
  const clause = '4.2 Kiosk tills are locked at closing time by the branch clerk.'

  it('flags a Yes from the clause and quotes the exception', async () => {
    const answer = await yesFrom('Kiosk tills', clause, question, [
      '# Exceptions',
      '9.1 Airport kiosks trade through the night and are exempt from clause 4.2 until the new tills arrive.',
    ])
    expectFlagged(answer, 'clause-excepted', /an exception elsewhere names this clause: "9.1 Airport kiosks/)
  })

  it('leaves the clause alone when no exception names it, or one names another clause', async () => {
    for (const more of [
      ['4.3 Kiosk tills are counted at closing time.'],
      ['9.1 Airport kiosks are exempt from clause 4.21 and from 14.2.'],
      ['9.1 Airport kiosks follow clause 4.2 like every other branch.'],
    ]) {
      const answer = await yesFrom('Kiosk tills', clause, question, more)
      expect(answer.rules, more[0]).not.toContain('clause-excepted')
    }
  })
})

describe('what a customer can do, read from what the vendor offers (rule customer-actor)', () => {
  it('answers "Can customers ...?" from a sentence that says the vendor does not offer it', async () => {
    const [answer] = await answersTo(
      [
        '# Till records',
        '',
        'Customers can view till records in the kiosk console and print them.',
        '',
        'A live feed of till records into a customer ledger system is not something we offer.',
        '',
        ...UNRELATED,
      ],
      ['Can customers feed till records into their own ledger system?'],
    )
    expect(answer!.label).toBe('NO')
    expect(quotes(answer!)).toMatch(/not something we offer/)
  })
})

describe('a question that asks something not be done (rule question-denies)', () => {
  it('flags the answer, whichever way the sentence reads, and quotes the denial asked', async () => {
    for (const question of [
      'Are till logs protected so that clerks cannot delete them?',
      'Do you commit not to sell kiosk receipts?',
      'Are kiosk passwords never stored in plain text?',
    ]) {
      const [answer] = await answersTo(
        [
          '# Kiosk',
          '',
          'Till logs are kept on the branch server, where clerks can delete them after a month.',
          '',
          'Kiosk receipts are sold to partner banks.',
          '',
          'Kiosk passwords are stored in plain text on the till.',
          '',
          ...UNRELATED,
        ],
        [question],
      )
      expectFlagged(
        answer!,
        'question-denies',
        /the question asks that it is "(cannot delete|not to sell|never stored)/,
      )
    }
    // A question without a denial of its own is read as before.
    await expectLeftAlone(
      'Kiosk',
      ['Till logs are protected from deletion by clerks.'],
      'Are till logs protected?',
      'question-denies',
    )
  })
})

describe('one kind of a list, asked of all (rule labelled-part)', () => {
  it('flags a Yes to "all ..." read from a list item opened by a kind the question does not name', async () => {
    const question = 'Do all kiosk changes require approval from the branch board?'
    const answer = await yesFrom(
      'Kiosk changes',
      'Major - kiosk changes require approval from the branch board, which meets each Tuesday.',
      question,
    )
    expectFlagged(answer, 'labelled-part', /the quote says it of "Major" only; the question asks it of all/)
    // Not asked of all; a label the question names; a document's name.
    await expectLeftAlone(
      'Kiosk changes',
      ['Major - kiosk changes require approval from the branch board, which meets each Tuesday.'],
      'Do kiosk changes require approval from the branch board?',
      'labelled-part',
    )
    await expectLeftAlone(
      'Kiosk changes',
      [
        'Kiosk changes - all of them require approval from the branch board.',
        'Governance Policy - kiosk changes require approval from the branch board.',
      ],
      question,
      'labelled-part',
    )
  })
})

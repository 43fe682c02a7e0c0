import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tagWords } from '../retrieval/grammar'
import { extractEvidence } from '../../evidence/extract.server'
import { questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import type { Question } from '../../questionnaire/model'
import { OfflineEngine } from './engine'
import {
  adjectivePredicate,
  askedNames,
  definedAcronyms,
  asksIfThereIs,
  participlePredicate,
  properNames,
  respondentVerbs,
  secondQuestion,
  written,
} from './phrase'
import { terms } from '../retrieval/terms'
import { asksForRemarks, namesSubject, readSubject, subjectPhrase } from './subject'

const subjectTerms = (asked: string) => readSubject(asked).terms

/** The offline engine's answer to one yes/no question from one Markdown file of these lines. */
async function answerFrom(name: string, lines: string[], question: string) {
  const evidence = await extractEvidence([{ name, bytes: new TextEncoder().encode(lines.join('\n')) }])
  const [answer] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
    questionnaireOf([yesNoQuestion(question)]),
    evidence,
  )
  return answer!
}
const scopeOf = (asked: string) => readSubject(asked).scope

describe('subjectPhrase reads what a question is about from its grammar', () => {
  it.each([
    ['Are your hardening and build standards documented?', 'hardening and build standards'],
    ['Do you have a separate management network for managing network devices?', 'separate management network'],
    ['Is the management of your network (or parts thereof) outsourced?', 'management of network'],
    ['Do your hardening and build standards cover the following topics?', 'hardening and build standards'],
    ['Does your inbound email infrastructure support TLS 1.2?', 'inbound email infrastructure'],
    ['Do you review and/or audit your configuration files?', 'configuration files'],
    ['Is there a disciplinary process for non-compliance?', 'disciplinary process'],
    ['Do you regularly test your backups?', 'backups'],
    ['Select the operating systems that are in use on your servers:', 'operating systems'],
    ['How are your wireless networks encrypted?', 'wireless networks'],
    // An adverb before the auxiliary aside ("How can", "Also do"), as the tagger reads it, not from a list of words.
    ['How can administrators reset passwords?', 'administrators'],
    ['Also do you encrypt backups?', 'backups'],
    // After a modal, as after "do", the main verb follows the subject.
    ['Can administrators reset passwords?', 'administrators'],
    ['Is this policy reviewed annually?', 'policy'],
    // A gerund leads to its object when that opens with a modifier the tagger reads as a verb ("operating system").
    ['Is there a procedure for installing operating system updates on kiosks?', 'operating system updates'],
    // A phrase of form words is about what its modifier names.
    [
      'Are processes, procedures, and technical measures for the secure management of passwords defined?',
      'secure management of passwords',
    ],
    [
      'Will you comply with the policies with regards to user privacy and data protection?',
      'user privacy and data protection',
    ],
    // Where the hand parser stopped short ("secure and", "established formal"), the tagger reads the whole phrase.
    [
      'Is there a secure and established formal process for onboarding vendors?',
      'secure and established formal process',
    ],
    [
      'Are cryptographically secure and standardized network protocols implemented for the management of data?',
      'secure and standardized network protocols',
    ],
    [
      'Is the least privilege principle employed when implementing information system access?',
      'least privilege principle',
    ],
    ['Does the vended product host/support a mobile application?', 'vended product'],
    [
      'Are supply chain partner IT governance policies and procedures reviewed periodically?',
      'supply chain partner it governance policies and procedures',
    ],
  ])('%s → %s', (question, phrase) => {
    expect(subjectPhrase(question)).toBe(phrase)
  })

  it('reads a question opened by an auxiliary and "there" as asking whether something exists', () => {
    for (const q of [
      'Is there a clerk responsible for the ledger?',
      'Were there any kiosk outages last year?',
      'Have there been any branch closures?',
      'Will there be a second ledger?',
    ])
      expect(asksIfThereIs(tagWords(q)), q).toBe(true)
    for (const q of ['There is a ledger, is it audited?', 'Is the ledger there?', 'Do you keep a ledger there?'])
      expect(asksIfThereIs(tagWords(q)), q).toBe(false)
  })

  it('reads requests for a reference and infinitives after form words', () => {
    expect(subjectPhrase('Describe or provide a reference to your Business Continuity Plan (BCP).')).toBe(
      'business continuity plan',
    )
    expect(subjectPhrase('Describe or provide a reference that details how administrator access is handled.')).toBe(
      undefined,
    )
    expect(subjectPhrase('Do you have a plan to comply with the Breach Notification requirements?')).toBe(
      'breach notification requirements',
    )
  })

  it('never takes form words for the subject, nor general nouns that head a phrase or a list item', () => {
    expect(
      subjectTerms('Are processes, procedures, and technical measures defined and implemented to protect data?'),
    ).toEqual([])
    const listed = subjectTerms('Are systems, products, and business practices based on privacy principles?')
    expect(listed).not.toContain('system')
    expect(listed).not.toContain('product')
    expect(subjectTerms('Are identity and access management policies established?')).toContain('access')
  })

  it('names no subject when the phrase is general or the grammar is not a plain question', () => {
    expect(subjectTerms('Is sensitive data encrypted in transport?')).toEqual([])
    expect(subjectTerms('Do you have controls in place to protect your systems?')).toEqual([])
    expect(subjectTerms('Is it possible for devices to connect to your network?')).toEqual([])
    expect(subjectTerms('One major risk is old software. Explain.')).toEqual([])
  })

  it('reads the object past a list of verbs, however the tagger read them', () => {
    // The tagger reads "process" and "store" as nouns here.
    expect(subjectTerms('Do you log, process, or store kiosk telemetry?')).toEqual(['kiosk', 'telemetri'])
    expect(subjectTerms('Do you log or store kiosk telemetry?')).toEqual(['kiosk', 'telemetri'])
    expect(subjectTerms('Do you store kiosk telemetry?')).toEqual(['kiosk', 'telemetri'])
    // Nouns listed after the verb are its objects, not verbs.
    expect(subjectTerms('Do you encrypt kiosk receipts or till logs?')).toContain('receipt')
  })

  it('reads what "have" holds as a noun, though the tagger reads it as a verb', () => {
    // The tagger reads "processes" as a verb here ("procedures" as a noun): both lead past the form words to the
    // object of "managing".
    expect(subjectPhrase('Do you have processes in place for managing the settings of your kiosks?')).toBe(
      'settings of kiosks',
    )
    expect(subjectPhrase('Do you have procedures in place for managing the firmware of your printers?')).toBe(
      'firmware of printers',
    )
  })

  it('reads past a list of participles before the nouns, and keeps gerunds between nouns', () => {
    expect(subjectPhrase('Does your team keep a reviewed and approved release checklist?')).toBe('release checklist')
    expect(subjectPhrase('Do you keep a written, and regularly tested, laptop loss procedure?')).toBe(
      'laptop loss procedure',
    )
    expect(subjectPhrase('Is there a vendor onboarding and offboarding checklist?')).toBe(
      'vendor onboarding and offboarding checklist',
    )
  })

  it('reads a hyphenated word that ends in a particle as a noun ("sign-on")', () => {
    expect(readSubject('Do you support single sign-on for administrators?')).toEqual({
      terms: ['#sso'],
      head: ['#sso'],
      scope: { phrase: 'for administrators', terms: ['administr'] },
    })
  })

  it('keeps verbs that end in -ly ("comply", "supply") apart from adverbs', () => {
    expect(subjectPhrase('Do you regularly monitor your network?')).toBe('network')
    expect(subjectTerms('Do you have a process for managing your kiosk supply chain?')).toContain('chain')
  })

  it("ends a do-question's subject at its main verb, whatever verbs come later or how the tagger read it", () => {
    // The tagger reads "support" and "use" as nouns; the verbs after the phrase belong to a clause of their own.
    expect(subjectPhrase('Does the key vault support rotation of stored secrets?')).toBe('key vault')
    expect(
      subjectPhrase(
        'Does your outbound mail relay use STARTTLS (opportunistic TLS) to ask receiving servers to upgrade?',
      ),
    ).toBe('outbound mail relay')
    // "-ly" and a verb after the nouns are the predicate; "have" after the nouns is the main verb.
    expect(subjectPhrase('Does an external firm regularly perform penetration tests on the platform?')).toBe(
      'external firm',
    )
    expect(subjectPhrase('Do all offices have badge readers at every entrance?')).toBe('offices')
    expect(subjectPhrase('Does your incident response plan include customer notification?')).toBe(
      'incident response plan',
    )
  })

  it("knows a request for the respondent's own remarks", () => {
    expect(asksForRemarks('Do you have any other comments about the security of your network?')).toBe(true)
    expect(asksForRemarks('Is there anything else you would like to add?')).toBe(true)
    expect(asksForRemarks('Do you review comments on pull requests?')).toBe(false)
  })
})

describe('questions whose subject the evidence never names are left for the user (open data)', () => {
  const open = path.resolve(__dirname, '../../../tests/fixtures/open/sourcegraph-handbook')
  const files = [
    'policies/access-control-policy.md',
    'security/cryptography-policy.md',
    'policies/business-continuity-policy.md',
  ]

  async function answer(questions: Question[]) {
    const evidence = await extractEvidence(
      files.map((f) => ({ name: path.basename(f), bytes: new Uint8Array(readFileSync(path.join(open, f))) })),
    )
    return new OfflineEngine({ now: new Date('2025-01-01T00:00:00Z') }).answer(questionnaireOf(questions), evidence)
  }

  it('answers nothing about hardening standards, a management network or e-mail servers from access, crypto and BC policies', async () => {
    const answers = await answer([
      yesNoQuestion('Are your hardening and build standards documented?'),
      yesNoQuestion(
        'Are your hardening and build standards applied to both internal servers and externally exposed systems, and also to virtual machines?',
      ),
      yesNoQuestion('Do you have a separate management network for managing network devices?'),
      yesNoQuestion('Does your inbound email infrastructure support TLS 1.2 with cipher suites with forward secrecy?'),
      yesNoQuestion('Do you have any other comments about the security of your network?'),
    ])
    for (const a of answers) {
      expect(a.label, a.key).toBeNull()
      expect(a.citations, a.key).toEqual([])
      expect(a.flagged, a.key).toBe(true)
    }
    expect(answers[0]!.text).toContain('nothing in them is about "hardening and build standards"')
  })

  it('still answers what the policies do state', async () => {
    const [mfa] = await answer([yesNoQuestion('Do you require multi-factor authentication for remote access?')])
    expect(mfa!.label).toBe('YES')
    expect(mfa!.citations.length).toBeGreaterThan(0)
  })
})

describe("readSubject reads the subject's head", () => {
  const headOf = (asked: string) => readSubject(asked).head
  it('is the last noun, form words aside, with the nouns listed with it', () => {
    expect(headOf('Are urgent releases approved by a second engineer?')).toEqual(['releas'])
    expect(headOf('Do you have a contractor onboarding and offboarding policy?')).toEqual(['onboard', 'offboard'])
  })

  it('takes each noun a form word follows as the head of a list item of its own', () => {
    expect(headOf('Is a defined release intake control, approval and testing process followed?')).toEqual([
      'intak',
      'approv',
      'test',
    ])
  })

  it('is nothing when the head is a general noun: its modifiers are the subject', () => {
    expect(headOf('Does the product collect location or GPS data?')).toEqual([])
  })

  it('is the noun before a form word when the phrase ends on a general noun ("policies of all employees")', () => {
    expect(headOf('Are ledger reconciliation policies and procedures of each new employee documented?')).toEqual([
      'reconcili',
    ])
  })

  it('is no concept that only a modifier two words before it spells ("breach" of "breach disclosure statutes")', () => {
    expect(headOf('Will you obey breach disclosure statutes?')).toEqual(['statut'])
    // The word next to the head makes one thing with it.
    expect(headOf('Are kiosk ledger encryption keys rotated?')).toContain('#encrypt')
    expect(headOf('Do you support multi-factor authentication for clerks?')).toContain('#mfa')
    // Another conjunct's modifiers are read as they were: "breach" is no modifier of the audit statutes.
    expect(headOf('Are kiosk breach drills and audit statutes reviewed?')).toContain('#incident')
  })

  it('leaves a sentence on breaches and a statute in the next section no answer for breach disclosure statutes', async () => {
    const answer = await answerFrom(
      'branch.md',
      [
        '## Branch security',
        '',
        'Night clerks guard every kiosk against theft and security breaches.',
        '',
        '## Requests from the police',
        '',
        'We hand no ledger to the police unless a statute requires it.',
      ],
      'Will you obey breach disclosure statutes?',
    )
    expect(answer.label === null || answer.flagged).toBe(true)
    expect(answer.citations.map((c) => c.quote).join(' ')).not.toMatch(/security breaches/)
  })
})

describe('readSubject reads where a question confines its subject', () => {
  it('is the preposition that ends the subject and the phrase after it, as the question writes them', () => {
    expect(scopeOf('Do you require multi-factor authentication for remote contractors?')).toEqual({
      phrase: 'for remote contractors',
      terms: ['remot', 'contractor'],
    })
    expect(scopeOf('Do you require encryption keys for laptops, phones, and tablets?')?.phrase).toBe(
      'for laptops, phones, and tablets',
    )
  })

  it('is read after a subject longer than the words a phrase keeps', () => {
    const asked =
      'Do you have a procedure for applying firmware updates and driver updates and vendor security fixes on warehouse scanners?'
    expect(scopeOf(asked)?.phrase).toBe('on warehouse scanners')
  })

  it('is read from a preposition set off by commas, as the question writes it', () => {
    expect(scopeOf('Do you keep a kiosk runbook (KRB), with a dedicated maintainer, that is reviewed yearly?')).toEqual(
      {
        phrase: 'with a dedicated maintainer',
        terms: ['maintain'],
      },
    )
    // "including" gives examples, not a scope.
    expect(scopeOf('Do you keep kiosk runbooks, including restart steps?')).toBeUndefined()
  })

  it('is read past an abbreviation in brackets that restates the subject', () => {
    expect(scopeOf('Do you offer single sign-on (SSO) for kiosk operators?')?.phrase).toBe('for kiosk operators')
    // Brackets that hold more than an abbreviation end the phrase as before.
    expect(scopeOf('Do you offer single sign-on (via SAML) for kiosk operators?')).toBeUndefined()
  })

  it('is read after an adjective that is all the predicate, with a gerund modifying its noun', () => {
    expect(scopeOf('Is a kiosk audit report available for the ticketing environment?')).toEqual({
      phrase: 'for the ticketing environment',
      terms: ['ticket'],
    })
    // After "there" the adjective describes the subject; "to" and "with" ask about the adjective's complement.
    expect(scopeOf('Is there a kiosk team responsible for branch upgrades?')).toBeUndefined()
    expect(scopeOf('Is the kiosk audit report available to branch managers?')).toBeUndefined()
    expect(scopeOf('Are kiosk receipts compliant with the branch rules?')).toBeUndefined()
  })

  it('quotes what an "of" says the scope is of, its terms unchanged', () => {
    // Before: "for the fair use", which says nothing of what is used.
    expect(scopeOf('Are rules for the fair use of branch-owned kiosks kept by clerks?')).toEqual({
      phrase: 'for the fair use of branch-owned kiosks',
      terms: ['fair'],
    })
  })

  it('reads on past a bare noun between two prepositions, which is one longer preposition', () => {
    expect(scopeOf('Do you keep logs of kiosk access with regard to the branch clerks?')).toEqual({
      phrase: 'with regard to the branch clerks',
      terms: ['branch', 'clerk'],
    })
  })

  it('is nothing when the place is general or the subject ends at no preposition', () => {
    expect(scopeOf('Do you apply security patches on your servers?')).toBeUndefined()
    expect(scopeOf('Is multi-factor authentication required for remote access?')).toBeUndefined()
    expect(scopeOf('Do you encrypt backups?')).toBeUndefined()
  })

  it("is nothing after a verb's particle, in a manner or at a frequency", () => {
    // Before: "out a clerk", "in a manner": the clerk is logged out; the manner is how it is done.
    expect(scopeOf('Does your application lock the screen or log out a clerk after ten idle minutes?')).toBeUndefined()
    expect(scopeOf('Will you keep kiosk ledgers in a manner suited to the branch auditors?')).toBeUndefined()
    expect(
      scopeOf('Does your application require clerk passcode changes at a frequency of at most 30 days?'),
    ).toBeUndefined()
    // "Out of" is a preposition.
    expect(scopeOf('Do you store spare kiosk keys out of the branch office?')?.phrase).toBe('out of the branch office')
  })
})

describe('respondentVerbs reads what the respondent is asked to do', () => {
  it('is the word after the respondent and the verbs a list joins to it, quoted or not', () => {
    expect(respondentVerbs('Do you "tokenize," "hash," or otherwise mask card numbers?')).toEqual([
      'tokenize',
      'hash',
      'mask',
    ])
    expect(respondentVerbs('Does your team regularly review or audit firewall rules?')).toEqual(['review', 'audit'])
  })

  it('is nothing for "have" and for questions about something else', () => {
    expect(respondentVerbs('Do you have a written escalation plan?')).toEqual([])
    expect(respondentVerbs('Are firewall rules reviewed?')).toEqual([])
    // A name after the respondent is no verb: the question asks of its certificate.
    expect(respondentVerbs('Are you ISO 27001 certified?')).toEqual([])
  })
})

describe('written gives tagged words back as the text writes them', () => {
  it('joins punctuation, a possessive and a contraction to their word', () => {
    expect(written(tagWords("Acme's parent company, Acme Kiosks, isn't certified."))).toBe(
      "Acme's parent company, Acme Kiosks, isn't certified.",
    )
  })
})

describe('secondQuestion reads a question that asks two', () => {
  it('splits at "and" followed by an auxiliary, a subject and its verb', () => {
    expect(secondQuestion('Are visitor badges issued, and do they expire daily?')).toEqual({
      first: 'Are visitor badges issued,',
      second: 'do they expire daily',
    })
  })

  it('leaves one question with a list of verbs, an infinitive, or an alternative whole', () => {
    expect(secondQuestion('Is the guide written, reviewed, and approved?')).toBeUndefined()
    expect(
      secondQuestion('Is there a travel policy that was approved and has a manager to enforce it?'),
    ).toBeUndefined()
    expect(secondQuestion('Is the office leased by your company alone, or are parts sublet?')).toBeUndefined()
    expect(secondQuestion('Describe your backups and are they tested?')).toBeUndefined()
  })
})

describe('namesSubject', () => {
  const named = (subject: string, sentence: string) =>
    namesSubject([subject], new Set(terms(sentence)), new Set(), sentence)

  it('takes a paraphrase as naming a subject only where the sentence uses it as a thing, not as its verb', () => {
    // The vectors hold "built" close to "build": "build standards" are not named by what was built.
    expect(named('build', 'This charter covers every gadget built and sold by Example Corp.')).toBe(false)
    expect(named('build', 'Every built image is scanned before release.')).toBe(true)
    expect(named('contract', 'Signed agreements bind every supplier.')).toBe(true)
  })

  it('takes no general noun for a paraphrase of another ("information" for the "access" of access logs)', () => {
    expect(named('access', 'Such ledgers and information are kept by the branch clerk.')).toBe(false)
    expect(named('access', 'Clerks review access to the ledgers each month.')).toBe(true)
  })
})

describe('properNames and askedNames read the names a question writes', () => {
  it('reads runs of capitalised words the tagger calls names, after the first word', () => {
    expect(properNames('Do staff sign in with Zephyrgate, QPR, or Active Directory?')).toEqual([
      { name: 'Zephyrgate', words: 1, acronym: false },
      { name: 'QPR', words: 1, acronym: true },
      { name: 'Active Directory', words: 2, acronym: false },
    ])
  })

  it('keeps only lone names: no title-case term, abbreviation, row id or word of a standard', () => {
    expect(askedNames('Will records be stored in Norway?').lone).toEqual(['Norway'])
    expect(askedNames('Do you have a tested Business Continuity Plan?').lone).toEqual([])
    expect(askedNames('Do you hold a current AoC?').lone).toEqual([])
    expect(askedNames('Does the process in WIPE-19 follow DoD 5220.22-M?')).toEqual({
      standards: ['DoD 5220.22-M'],
      versioned: [],
      plans: [],
      proper: [],
      lone: [],
      quoted: [],
    })
  })

  it('reads the acronyms a question defines in brackets, with the words they stand for', () => {
    expect(definedAcronyms('Is dynamic ledger testing (DLT) performed?')).toEqual([
      { acronym: 'DLT', words: 'dynamic ledger testing' },
    ])
    expect(definedAcronyms('Is kiosk single sign-on (SSO) enforced for clerks (all of them)?')).toEqual([
      { acronym: 'SSO', words: 'single sign-on' },
    ])
    // Letters that the words before do not spell define nothing.
    expect(definedAcronyms('Are kiosk ledgers kept (KLX)?')).toEqual([])
  })

  it('reads the participle after a subject that ends in a phrase of its own', () => {
    expect(participlePredicate("Is clerk access to customers' private ledgers logged?")).toEqual(['logged'])
    expect(participlePredicate('Is failover to the second branch fully automated?')).toEqual(['automated'])
    expect(participlePredicate('Have all findings from your last kiosk test been remediated?')).toEqual(['remediated'])
    expect(participlePredicate('Is access to the kiosk ledger a privilege?')).toBeUndefined()
    // A hyphenated participle before a noun names a kind of it, not what is asked.
    expect(participlePredicate('Have kiosk integrations been migrated to short-lived tokens?')).toEqual(['migrated'])
    expect(participlePredicate('Are kiosk passwords hard-coded?')).toEqual(['hard-coded'])
    // So does one after a determiner: "on a defined schedule" asks "rotated", and a hyphenated word tagged as a verb
    // between "the" and a noun ("the smart-lock kiosks") is part of the subject's phrase.
    expect(participlePredicate('Are badge tokens for the smart-lock kiosks rotated on a defined schedule?')).toEqual([
      'rotated',
      'defined',
      'schedule',
    ])
  })

  it("reads a plan's name before its kind word, not the question's first word", () => {
    expect(askedNames('Is phone support included with the Gold plan?').plans).toEqual(['Gold plan'])
    expect(askedNames('Is SSO available on the Kiosk Pro tier?').plans).toEqual(['Kiosk Pro tier'])
    expect(askedNames('Enterprise plans include SSO?').plans).toEqual([])
    expect(askedNames('Do all plans include SSO?').plans).toEqual([])
  })

  it('reads a scheme in capitals with its number, but no measure and no row id', () => {
    expect(askedNames('Are kiosk ledgers encrypted with AES-256?').versioned).toEqual(['AES-256'])
    expect(askedNames('Do tills use TLS 1.3 or SHA-1?').versioned).toEqual(['TLS 1.3', 'SHA-1'])
    expect(askedNames('Is the kiosk RTO 4 hours or less?').versioned).toEqual([])
    expect(askedNames('Is the kiosk SLA 99.9% or more?').versioned).toEqual([])
    expect(askedNames('Does the process in WIPE-19 encrypt ledgers?').versioned).toEqual([])
    // A standard once: "SOC 2" is one of the standards.
    expect(askedNames('Are you SOC 2 audited?').versioned).toEqual([])
  })

  it('reads the terms in quotation marks, straight or curly, but no answer word', () => {
    expect(askedNames('Is the kiosk log server "read-only" for clerks?').quoted).toEqual(['read-only'])
    expect(askedNames('Are vault keys kept in a \u201cgolden\u201d box, or a "safe," at night?').quoted).toEqual([
      'golden',
      'safe',
    ])
    expect(askedNames('If you answered "no", is a plan in place?').quoted).toEqual([])
  })
})

describe('the context names the subject by its own terms only', () => {
  it('does not take a paraphrase in the sentence before ("built") for the subject ("build standards")', async () => {
    const standards = await answerFrom(
      'privacy.md',
      [
        '# Privacy notice',
        '',
        'Last updated in spring. It covers every app built and run by Harbor Ledger, and the people who use them.',
        'If you are applying for a role with us, please read our hiring privacy policy.',
        '',
        '# Office',
        '',
        'Visitors sign in at the front desk.',
      ],
      'Are your hardening and build standards documented?',
    )
    // Before: Yes from the hiring sentence, whose neighbour says "built".
    expect(standards.label).toBeNull()
  })
})

describe('readSubject reads past form words and the product to what the question asks about', () => {
  it('takes what procedures and policies are for, past their own predicate', () => {
    // Before: "procedures" alone, a form word, so no subject and no check at all.
    expect(subjectPhrase('Do procedures exist to make sure that urgent fixes are reviewed afterwards?')).toBe(
      'urgent fixes',
    )
    expect(subjectPhrase('Are there procedures to ensure that hotfixes are approved?')).toBe('hotfixes')
    expect(subjectPhrase('Are policies and procedures written, approved, and kept for badge readers?')).toBe(
      'badge readers',
    )
    expect(subjectPhrase('Are guidelines defined and implemented to rotate, revoke, and archive signing keys?')).toBe(
      'keys',
    )
    expect(subjectPhrase('Are procedures outlining badge revocation communicated to staff?')).toBe('badge revocation')
    expect(subjectPhrase('Do you maintain a policy, formally approved, governing how urgent fixes are shipped?')).toBe(
      'urgent fixes',
    )
    // The gerund however tagged ("guiding" reads as an adjective).
    expect(subjectPhrase('Do you keep a procedure, duly approved, guiding how ledger faults are fixed?')).toBe(
      'ledger faults',
    )
    // A relative clause's object, its verb however tagged ("guide" reads as a noun).
    expect(subjectPhrase('Have you written procedures that guide how stolen laptops are reported?')).toBe(
      'stolen laptops',
    )
    expect(subjectPhrase('Do you have policies that require encryption of laptops?')).toBe('encryption of laptops')
    // Past the form words' own predicate too; "(s)" glued to a word is its plural mark, no word of its own.
    expect(
      subjectPhrase('Do you have procedure(s) written, and duly kept, that require a review of the kiosk key list(s)?'),
    ).toBe('review of kiosk key list')
    // What the practice is for may itself be general: no subject, as before.
    expect(subjectTerms('Are procedures written and kept to protect data?')).toEqual([])
  })

  it('reads a question opened by a condition as the question after it', () => {
    // Before: no subject, the question not being opened by its auxiliary.
    expect(subjectPhrase('For tenants without SSO, does your platform support hardware security keys?')).toBe(
      'hardware security keys',
    )
    expect(subjectPhrase('If you answered yes above, are offsite copies encrypted?')).toBe('offsite copies')
  })

  it('asks about the object when the subject only stands for the product', () => {
    expect(subjectPhrase('Does your application support hardware security keys?')).toBe('hardware security keys')
    expect(subjectPhrase('Does the platform support single sign-on?')).toBe('single sign-on')
    // A slash word is the product only when both its parts are general nouns.
    expect(subjectTerms('Do you enforce passphrase/PIN aging requirements?')).not.toEqual([])
    // A subject of its own stays the subject; so does the product's predicate after "be".
    expect(subjectPhrase('Does the key vault support rotation of stored secrets?')).toBe('key vault')
    expect(subjectTerms('Is your application hosted in a single region?')).toEqual([])
  })

  it('keeps an acronym in capitals an acronym, unless the whole question is in capitals', () => {
    // Before: "dns" from the lower-cased phrase stemmed to "dn", which no sentence writing "DNS" has.
    expect(subjectTerms('Is DNS filtering in place?')).toContain('dns')
    expect(subjectTerms('Do you send SMS reminders?')).toContain('sms')
    expect(subjectTerms('IS DNS FILTERING IN PLACE?')).toEqual(terms('dns filtering').filter((t) => t === 'dn'))
  })

  it('leaves a practice that only names the modifier of the subject for the user', async () => {
    const changes = await answerFrom(
      'requests.md',
      [
        '# Law enforcement requests',
        '',
        'Our policy is to answer an urgent request from the police only when the law compels us to.',
        'Every request is logged and signed off by counsel.',
      ],
      'Do procedures exist to see that urgent changes are logged and signed off?',
    )
    // Before: Yes from the police request, "procedures" being no subject to check.
    expect(changes.label).toBeNull()
  })
})

describe('participlePredicate', () => {
  it('reads the participle a passive question asks, past one that only modifies the subject, and what follows it', () => {
    expect(participlePredicate('Are the receipts printed by your kiosks archived in a central vault?')).toEqual([
      'archived',
      'central',
      'vault',
    ])
    expect(participlePredicate('Are kiosk images scanned, signed, and approved before release?')).toEqual([
      'scanned',
      'signed',
      'approved',
      'release',
    ])
    // A verb and its particle are one word; a purpose clause asks nothing of the subject.
    expect(participlePredicate('Is kiosk footage periodically backed up?')).toEqual(['backup'])
    expect(participlePredicate('Are kiosk procedures documented to guide night staff?')).toEqual(['documented'])
  })

  it('reads the perfect and the modal passive, not a passive in a clause of its own', () => {
    expect(participlePredicate('Have the kiosk fire drills been rehearsed?')).toEqual(['rehearsed'])
    expect(participlePredicate('Have the kiosk fire drills ever been rehearsed?')).toEqual(['rehearsed'])
    expect(participlePredicate('Can kiosk receipts be reprinted on demand?')).toEqual(['reprinted', 'demand'])
    expect(participlePredicate('Do you keep kiosk receipts that are signed?')).toBeUndefined()
  })

  it('reads the participle before a clause of its own, not one in it', () => {
    // Before: "deemed", "suitable", "manager": what the question asks of the receipts is that they are filed.
    expect(participlePredicate('Are kiosk receipts filed monthly, as deemed suitable by the manager?')).toEqual([
      'filed',
      'monthly',
    ])
    expect(participlePredicate('Are vault doors checked when closed?')).toEqual(['checked'])
    expect(participlePredicate('Are kiosk images signed before they are installed?')).toEqual(['signed'])
    // An adverb of the predicate, a possessive and a participle before a noun open no clause.
    expect(participlePredicate('Are kiosk images built on a schedule and securely stored?')).toEqual(['stored'])
    expect(participlePredicate('Are the receipts printed by your kiosks archived at night?')).toEqual([
      'archived',
      'night',
    ])
  })

  it('reads nothing from another shape', () => {
    expect(participlePredicate('Do you archive kiosk receipts?')).toBeUndefined()
    expect(participlePredicate('Is kiosk training mandatory?')).toBeUndefined()
  })
})

describe('adjectivePredicate', () => {
  it('reads the adjective a "be" question asks its subject to have, with its adverbs', () => {
    expect(adjectivePredicate('Are your two kiosk depots geographically diverse?')).toEqual([
      'geographically',
      'diverse',
    ])
    expect(adjectivePredicate('Is kiosk safety training mandatory for all staff?')).toEqual(['mandatory'])
    // The negation of an "-able" is a property, not what can be done.
    expect(adjectivePredicate('Are the kiosk ledger rules immutable?')).toEqual(['immutable'])
  })

  it('reads no property from a participle, a complement-taking adjective or another shape', () => {
    expect(adjectivePredicate('Are kiosk logs encrypted?')).toBeUndefined()
    expect(adjectivePredicate('Is the kiosk app available from the vendor store?')).toBeUndefined()
    expect(adjectivePredicate('Are staff able to reset kiosk passwords?')).toBeUndefined()
    expect(adjectivePredicate('Do you keep kiosk logs separate?')).toBeUndefined()
    // A complement that names something is what is asked ("compliant with KTB 7"); one that names nothing is not.
    expect(adjectivePredicate('Is the kiosk app compliant with KTB 7?')).toBeUndefined()
    expect(adjectivePredicate('Is the kiosk bounty open to the public?')).toEqual(['open'])
  })
})

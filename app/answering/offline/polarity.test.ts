import { describe, expect, it } from 'vitest'
import { onlyDenies, polarity, quarterOf, statesRule, withoutSetAside } from './polarity'
import { words } from '../retrieval/terms'

const keys = (q: string) => new Set(words(q))

describe('polarity', () => {
  it('reads a thing named only as what is not used as denied ("rather than", "what X would ...")', () => {
    const botFilter = keys('Do you use a bot filter?')
    expect(polarity('The portal already stops what a bot filter would catch.', botFilter).negated).toBe(true)
    expect(polarity('Our bot filter blocks what a scraper would collect.', botFilter).negated).toBe(false)
    // Only implied: it answers a question, and stands against no sentence that states the filter outright.
    expect(polarity('The portal already stops what a bot filter would catch.', botFilter).implied).toBe(true)
    expect(polarity('No bot filter is used; the portal stops what a bot filter would catch.', botFilter).implied).toBe(
      undefined,
    )
    const sms = 'Staff sign in with hardware keys rather than SMS codes.'
    expect(polarity(sms, keys('Do you use SMS codes?')).negated).toBe(true)
    expect(polarity(sms, keys('Do staff use hardware keys?')).negated).toBe(false)
    expect(polarity('Keys are rotated instead of reused.', keys('Are keys rotated?')).negated).toBe(false)
    // "Without" denies what follows it, never the subject before it.
    expect(polarity('Archives are stored without compression.', keys('Are archives stored?')).negated).toBe(false)
    expect(polarity('Archives are stored without compression.', keys('Are archives compressed?')).negated).toBe(true)
  })

  it('reads a denial over joined verbs as reaching their object', () => {
    const badges = keys('Do you collect clerk badge numbers?')
    expect(polarity("We do not ask for or store clerks' home addresses or badge numbers.", badges).negated).toBe(true)
    expect(polarity('We do not ask for payment details; clerk badge numbers are stored.', badges).negated).toBe(false)
  })

  it('reads a change log entry that opens with a verb ending the practice as a denial', () => {
    const expiry = keys('Must clerks change their till passwords every 90 days?')
    expect(
      polarity('3.0\t12 May 2025\tRemoved 90-day till password expiry; added a breach check.', expiry).negated,
    ).toBe(true)
    expect(polarity('Dropped the 90-day change of till passwords.', expiry).negated).toBe(true)
    expect(polarity('3.0\t12 May 2025\tAdded 90-day till password expiry.', expiry).negated).toBe(false)
    // What the question asks is the removal itself.
    const removal = keys('Are till passwords removed when a clerk leaves?')
    expect(polarity('Removed till passwords are logged when a clerk leaves.', removal).negated).toBe(false)
  })

  it('reads "only with", "only if" and "only after" as limits', () => {
    const k = keys('Can clerks open the kiosk safe?')
    expect(polarity('Clerks may open the kiosk safe only with a supervisor present.', k).limited).toBe(true)
    expect(polarity('Clerks may open the kiosk safe only after the till is counted.', k).limited).toBe(true)
    expect(polarity('Clerks may open the kiosk safe with their own key.', k).limited).toBe(false)
    // The condition is what the question asks.
    const approval = keys('Is opening the kiosk safe subject to branch manager approval?')
    expect(polarity('Clerks open the kiosk safe only after the branch manager approves it.', approval).limited).toBe(
      false,
    )
  })

  it('reads a table row whose parallel cells name what is asked in some columns, not all, as a limit', () => {
    const k = keys('Can till reports be kept in the European Union?')
    const row = 'Where till reports are kept\tUnited States\tUnited States or European Union'
    expect(polarity(row, k).limited).toBe(true)
    expect(polarity('Where till reports are kept\tEuropean Union\tEuropean Union or Australia', k).limited).toBe(false)
    // Cells that do not run parallel (a value, an owner) hold different things.
    expect(polarity('Where till reports are kept\tEuropean Union\tOwner: branch manager', k).limited).toBe(false)
    expect(polarity('Where till reports are kept\tEuropean Union\tUnited States, by the branch', k).limited).toBe(false)
    // A cell of prose holds anything: it is no parallel value.
    const prose =
      'Where till reports are kept\tUnited States\tThe United States for every branch, and the European Union for every branch in Europe since last year'
    expect(polarity(prose, k).limited).toBe(false)
    // Letters of a responsibility matrix are no values ("I" is in "SIEM").
    const siem = keys('Are kiosk logs sent to the SIEM?')
    expect(polarity('2\tSend kiosk logs to the SIEM\tI\tA\tR', siem).limited).toBe(false)
    // A key word the row's label names says nothing of the columns.
    const kept = keys('Are till reports retained?')
    expect(
      polarity('Till reports\t90 days\tTwo years, with the till reports of the branch\tTwo years', kept).limited,
    ).toBe(false)
  })

  it('reads a decision against a thing as a denial of it, through a pronoun that stands for it', () => {
    const loyalty = keys('Do you run a kiosk loyalty scheme?')
    const minutes = 'The group discussed a kiosk loyalty scheme and decided against launching one this year.'
    expect(polarity(minutes, loyalty).negated).toBe(true)
    expect(polarity('The board decided not to run a kiosk loyalty scheme.', loyalty).negated).toBe(true)
    // A decision against another thing, beside what is asked.
    const safe = keys('Do you operate the kiosk safe yourselves?')
    expect(
      polarity('We decided against outsourcing the cash run and operate the kiosk safe ourselves.', safe).negated,
    ).toBe(false)
  })

  it('reads a count of members still outstanding as a limit', () => {
    const k = keys('Do clerks complete till training every year?')
    expect(polarity('Clerks who completed till training\t97%\t5 of 168 clerks outstanding', k).limited).toBe(true)
    expect(polarity('Clerks who completed till training\t100%\t168 of 168 clerks trained', k).limited).toBe(false)
  })

  it('reads a thing said to have been withdrawn or discontinued as a denial of it', () => {
    const client = keys('Is an offline till client offered that keeps local ledger copies?')
    const withdrawn = 'The old offline till client, which kept local ledger copies, has been withdrawn.'
    expect(polarity(withdrawn, client).negated).toBe(true)
    expect(polarity('The offline till client was discontinued in 2024.', client).negated).toBe(true)
    // Another thing withdrawn, after a clause on what is asked.
    expect(
      polarity('We offer an offline till client, and the old fax line has been discontinued.', client).negated,
    ).toBe(false)
    // What the question asks is the withdrawal itself.
    const access = keys('Is a clerk badge withdrawn when the clerk leaves?')
    expect(polarity('A clerk badge is withdrawn on the last day.', access).negated).toBe(false)
  })

  it('reads "<plurals> only" at the end of a clause, and an audit finding on a few samples, as limits', () => {
    const k = keys('Is till export available?')
    expect(polarity('Till export is available on the Gold and Platinum plans only.', k).limited).toBe(true)
    expect(polarity('Till export is read-only.', k).limited).toBe(false)
    // A name in title case and "only" that ends its clause.
    expect(polarity('Our till export report covers Kioskline Retail only.', k).limited).toBe(true)
    expect(polarity('Our till export report covers Kioskline Retail and Kioskline Online.', k).limited).toBe(false)
    expect(polarity('Till export is available on every plan.', k).limited).toBe(false)
    expect(polarity('Till export works with SAML logins on the Gold and Platinum plans.', k).limited).toBe(true)
    expect(polarity('Till export works on the plans page of the kiosk console.', k).limited).toBe(false)
    const grants = keys('Are ledger grants approved?')
    expect(polarity('For 2 of 25 sampled ledger grants, approval was given after the fact.', grants).limited).toBe(true)
    expect(polarity('Ledger grants for 25 clerks were approved.', grants).limited).toBe(false)
    // A risk register's row names a practice begun and not finished.
    const wiped = keys('Are kiosk disks wiped?')
    expect(polarity('R-7\tKiosk disk wiping incomplete\tOpen', wiped).limited).toBe(true)
    expect(polarity('Kiosk disk wiping is not yet complete in two branches.', wiped).limited).toBe(true)
    expect(polarity('Overdue kiosk disk wiping at two branches', wiped).limited).toBe(true)
    expect(polarity('Kiosk disks are wiped completely before transfer.', wiped).limited).toBe(false)
    // A case the rule does not reach.
    expect(polarity('Airport kiosks are exempt from the wiping deadline.', wiped).limited).toBe(true)
    expect(polarity('Kiosk disk wiping uses 1 pass, below the 3-pass minimum.', wiped).limited).toBe(true)
    // A row of a table (cells apart by a tab) with a cell that denies among cells that do not.
    expect(polarity('Kiosk disk wiping\tDone\tDone\tNot yet in scope (see note 1)', wiped).limited).toBe(true)
    expect(polarity('2025-03-02\tKiosk disk wiping test\tFail\tRerun in April', wiped).limited).toBe(true)
    expect(polarity('Kiosk disk wiping\tDone\tDone\tDone', wiped).limited).toBe(false)
    expect(polarity('Kiosk disk wiping\tNo', wiped).limited).toBe(false)
    // A clause on the rest of the party: some have it, the others something else.
    const keysAsked = keys('Are hardware keys required for clerks?')
    expect(
      polarity('Hardware keys are required for head-office clerks; other clerks may use a code app.', keysAsked)
        .limited,
    ).toBe(true)
    expect(polarity('Hardware keys are required for clerks and other staff.', keysAsked).limited).toBe(false)
    // A denying subject denies the verbs after its auxiliary, each of a list.
    const clerks = keys('Can branch clerks add or remove kiosk users?')
    for (const sentence of [
      'Clerks can view kiosk settings, but none of them can create, change or remove kiosk users.',
      'No one at a branch may create or remove kiosk users.',
    ])
      expect(polarity(sentence, clerks).negated, sentence).toBe(true)
    expect(polarity('Clerks can view kiosk settings and remove kiosk users.', clerks).negated).toBe(false)
    // A name before a noun is one thing with it: "Northgate tills" uses up no more of the denial's reach than "tills".
    const branchTills = keys('Can the kiosk app be used to open branch tills?')
    expect(polarity('The app cannot sign in to Northgate tills at all.', branchTills).negated).toBe(true)
    expect(polarity('The app cannot print, but it signs in to Northgate tills.', branchTills).negated).toBe(false)
    // "The same region" denies a different one; a separate account in it is still the same region.
    const apart = keys('Are till ledger copies kept in a different geographic region from the kiosks?')
    expect(polarity('Ledger copies sit in a separate account in the same region as the kiosks.', apart).negated).toBe(
      true,
    )
    expect(polarity('Ledger copies sit in a separate account in another region.', apart).negated).toBe(false)
    expect(
      polarity('Ledger copies sit in the same region.', keys('Are till ledger copies kept in one region?')).negated,
    ).toBe(false)
    // With no auxiliary, from its verb: the subject's own nouns do not use up the denial's reach.
    const balanced = keys('Did any branch till fail to balance on a Friday?')
    expect(polarity("None of the week's branch tills failed to balance on Friday.", balanced).negated).toBe(true)
    expect(polarity("Two of the week's branch tills failed to balance on Friday.", balanced).negated).toBe(false)
    // Refusing denies accepting; an acronym keeps its letters, and figures after it are no words between.
    const accepts = keys('Does the kiosk accept till connections over TLS 1.0?')
    expect(polarity('Till connections over TLS 1.0 or 1.1 are refused at the branch gateway.', accepts).negated).toBe(
      true,
    )
    expect(polarity('Till connections over TLS 1.2 are accepted at the branch gateway.', accepts).negated).toBe(false)
    // A denial in brackets sets part aside.
    const tested = keys('Is the kiosk app tested by an outside firm every year?')
    expect(
      polarity('An outside firm tests the kiosk app every year (the till firmware was not part of its scope).', tested)
        .limited,
    ).toBe(true)
    expect(polarity('An outside firm tests the kiosk app every year (most recently in May).', tested).limited).toBe(
      false,
    )
    // Offered on a named plan: not on the others.
    const exportAsked = keys('Can branches export till records?')
    expect(polarity('Till export is available on the Gold plan.', exportAsked).limited).toBe(true)
    expect(polarity('Till export is available on all plans.', exportAsked).limited).toBe(false)
    // A contrast that leaves part out; "but not only" leaves nothing out.
    const pages = keys('Does the till inventory cover every kiosk page?')
    expect(polarity('The till inventory covers the kiosk home page but not the receipt page.', pages).limited).toBe(
      true,
    )
    expect(polarity('The till inventory covers not one but all kiosk pages.', pages).limited).toBe(false)
    expect(polarity('The till inventory covers the kiosk pages, but not only those.', pages).limited).toBe(false)
  })

  it('reads an event said not to have happened as denied, when its subject names a key word', () => {
    const drill = keys('Has a till failover drill been run?')
    expect(polarity('The till failover drill we had planned did not take place.', drill).negated).toBe(true)
    expect(polarity('The till failover drill was postponed to March.', drill).negated).toBe(true)
    // Moved to a date: planned for then.
    expect(polarity('Till failover drill: postponed to Q3 2025.', drill).planned).toEqual({ quarter: 'Q3/2025' })
    // Expected at a time: planned.
    expect(polarity('Till failover drill: expected next spring.', drill).planned).toBeDefined()
    expect(polarity('The till failover drill ran as expected.', drill).planned).toBeUndefined()
    expect(polarity('The kiosk move did not take place; the till failover drill ran in May.', drill).negated).toBe(
      false,
    )
  })

  it('scopes negation to the asked practice', () => {
    expect(polarity('We do not store card numbers.', keys('Do you store card numbers?')).negated).toBe(true)
    expect(
      polarity('Our databases are generally not encrypted at rest.', keys('Are databases encrypted?')).negated,
    ).toBe(true)
    expect(polarity('Traffic inside the network is unencrypted.', keys('Is traffic encrypted?')).negated).toBe(true)
    expect(polarity('Logs are kept for no less than 90 days.', keys('Are logs kept?')).negated).toBe(false)
    expect(
      polarity('We do not share data with advertisers; backups are encrypted.', keys('Are backups encrypted?')).negated,
    ).toBe(false)
    expect(
      polarity(
        'Only information that will not interfere with the ongoing investigation is released.',
        keys('Do you investigate incidents?'),
      ).negated,
    ).toBe(false)
    expect(
      polarity(
        'We do not currently offer customer-managed encryption keys.',
        keys('Can customers manage their encryption keys?'),
      ).negated,
    ).toBe(true)
  })

  it('reads a prohibition as a denial of what the question asks to be allowed, and only of that', () => {
    const allowed = keys('Are shared accounts allowed?')
    expect(polarity('Shared accounts are prohibited.', allowed).negated).toBe(true)
    expect(polarity('We forbid shared accounts on every system.', keys('Do you permit shared accounts?')).negated).toBe(
      true,
    )
    expect(polarity('Personal devices are prohibited; shared accounts are allowed for kiosks.', allowed).negated).toBe(
      false,
    )
    expect(polarity('Shared accounts are prohibited.', keys('Are shared accounts prohibited?')).negated).toBe(false)
    // Blocked and disabled forbid too; enabled asks to be allowed.
    expect(polarity('Kiosk USB ports are blocked.', keys('Are kiosk USB ports allowed?')).negated).toBe(true)
    expect(polarity('Guest sign-in is disabled on every till.', keys('Is guest sign-in enabled?')).negated).toBe(true)
    expect(polarity('Guest sign-in is disabled on every till.', keys('Is guest sign-in disabled?')).negated).toBe(false)
  })

  it('reads a denied permission as the prohibition the question asks about, and a denied prohibition as a denial', () => {
    const prohibited = keys('Is sharing till passwords prohibited?')
    expect(polarity('Sharing till passwords is not permitted.', prohibited).negated).toBe(false)
    expect(polarity('Sharing till passwords is never allowed.', prohibited).negated).toBe(false)
    expect(polarity('Sharing till passwords is not prohibited.', prohibited).negated).toBe(true)
    expect(polarity('We do not prohibit sharing till passwords.', prohibited).negated).toBe(true)
    expect(
      polarity('Sharing till passwords is not permitted.', keys('Is sharing till passwords allowed?')).negated,
    ).toBe(true)
  })

  it('reads a status of form words after a denial as denying what stands before it, as a table row writes it', () => {
    const asked = keys('Is kiosk ledger reconciliation in place?')
    expect(polarity('Kiosk ledger reconciliation\tNot in place', asked).negated).toBe(true)
    expect(polarity('Kiosk ledger reconciliation – not implemented yet', asked).negated).toBe(true)
    // A denial of something else after it is not a status, nor a denial that ends the clause.
    expect(polarity('Kiosk ledger reconciliation needs no manual steps.', asked).negated).toBe(false)
    expect(polarity('Branches choose whether to run kiosk ledger reconciliation or not.', asked).negated).toBe(false)
  })

  it("reads a standard's name as one word, as the question has it", () => {
    // Before, "not" governed "iso" and "27001" and never reached the standard the question names.
    expect(polarity('We are not ISO 27001 certified.', keys('Are you ISO 27001 certified?')).negated).toBe(true)
  })

  it('reads contractions typeset with a curly apostrophe', () => {
    expect(
      polarity('Background checks aren’t performed on our workers.', keys('Do you perform background checks?')).negated,
    ).toBe(true)
    expect(polarity('We don’t store card numbers.', keys('Do you store card numbers?')).negated).toBe(true)
  })

  it("reads every contraction the model's tokenizer knows, not a hand list of them", () => {
    // The hand list had thirteen forms: "mustn't", "needn't" and "shan't" were not among them.
    expect(polarity("Passwords mustn't be shared.", keys('Are passwords shared?')).negated).toBe(true)
    expect(polarity('Staff needn’t rotate keys.', keys('Do staff rotate keys?')).negated).toBe(true)
    expect(polarity("We won't sell data; backups are encrypted.", keys('Are backups encrypted?')).negated).toBe(false)
  })

  it('reads limits, hedges and planned work', () => {
    expect(polarity('All laptops are encrypted except loaners.', keys('Are laptops encrypted?')).limited).toBe(true)
    // "only for" limits; the "-only" of a compound ("read-only for every clerk") does not.
    const ledgers = keys('Are kiosk ledgers read-only?')
    expect(polarity('Kiosk ledgers are read-only for every clerk.', ledgers).limited).toBe(false)
    expect(polarity('Kiosk ledgers are read-only only for some clerks.', ledgers).limited).toBe(true)
    // A practice decided case by case, however the idiom is written, is not done every time.
    expect(polarity('Kiosk ledger access is granted case by case.', ledgers).limited).toBe(true)
    expect(polarity('Kiosk ledger access is judged case-by-case.', ledgers).limited).toBe(true)
    // Done only where a law lets it be done: not everywhere.
    const checks = keys('Are clerks background checked?')
    expect(polarity('Clerks are background checked before hire, where the law allows it.', checks).limited).toBe(true)
    expect(polarity('Clerks are background checked as the law requires.', checks).limited).toBe(false)
    expect(polarity('Patches are generally applied within 30 days.', keys('Are patches applied?')).hedged).toBe(
      'generally',
    )
    // A condition the sentence leaves to someone's judgement: "when applicable", "where applicable".
    expect(polarity('Kiosks are patched when applicable.', keys('Are kiosks patched?')).hedged).toBe('when applicable')
    expect(polarity('Kiosk firmware is updated where applicable.', keys('Is kiosk firmware updated?')).hedged).toBe(
      'where applicable',
    )
    expect(polarity('Whenever possible, kiosk fixes are re-tested.', keys('Are kiosk fixes tested?')).hedged).toBe(
      'Whenever possible',
    )
    // A recommendation is not a practice: "encouraged to" says nobody has to.
    expect(polarity('Clerks are encouraged to lock kiosks.', keys('Do clerks lock kiosks?')).hedged).toBe(
      'encouraged to',
    )
    // "as applicable" says how, not whether: "plans we review and update as applicable" still have plans.
    expect(
      polarity('We keep kiosk plans, which we update as applicable.', keys('Do you keep kiosk plans?')).hedged,
    ).toBeUndefined()
    expect(polarity('SSO is on our roadmap for Q1 2027.', keys('Do you support SSO?')).planned).toEqual({
      quarter: 'Q1/2027',
    })
    // "a plan to" names a document; "plans to" states a plan.
    const team = 'The response team will update the status and develop a postmortem plan to prevent recurrence.'
    expect(polarity(team, keys('Do you have an incident response plan?')).planned).toBeUndefined()
    expect(polarity('We plan to support SSO next year.', keys('Do you support SSO?')).planned).toBeDefined()
    // An audit that starts later, a report expected, a status "In progress" in a table's cell.
    const report = keys('Can you provide a kiosk audit report?')
    expect(
      polarity('Kiosk audit: the audit period begins in Q3 2027, and we expect to share the report then.', report)
        .planned,
    ).toEqual({ quarter: 'Q3/2027' })
    expect(polarity('Kiosk audit report\tIn progress', report).planned).toBeDefined()
    expect(polarity('Kiosk audit reports are coming soon.', report).planned).toBeDefined()
    expect(
      polarity('Our priorities for next year are to complete the kiosk audit and publish its report.', report).planned,
    ).toBeDefined()
    // Recommended or optional in a policy's RFC 2119 capitals, and what is unsure or only asked, hedge.
    const keys2 = keys('Are kiosk keys rotated yearly?')
    expect(polarity('Kiosk keys SHOULD be rotated every year.', keys2).hedged).toBe('SHOULD')
    expect(polarity('Kiosk keys should be rotated every year.', keys2).hedged).toBeUndefined()
    expect(polarity('KIOSK KEYS MAY BE ROTATED.', keys2).hedged).toBeUndefined()
    expect(polarity('Kiosk keys are rotated every year (to be confirmed).', keys2).hedged).toBe('to be confirmed')
    expect(polarity('The branch asked whether kiosk keys are rotated every year.', keys2).hedged).toBe('asked whether')
    expect(polarity('The kiosk audit report is shared each March.', report).planned).toBeUndefined()
    // Work being weighed or tried is not in place: "are evaluating", "are piloting".
    expect(polarity('We are evaluating SSO options for clerks.', keys('Do you support SSO?')).planned).toBeDefined()
    expect(
      polarity('We are piloting kiosk badges at two branches.', keys('Are kiosk badges used?')).planned,
    ).toBeDefined()
    // A team at work on each case states a practice: "is investigating every reported fault".
    const faults = keys('Do you investigate kiosk faults?')
    expect(polarity('The branch team is investigating every reported kiosk fault.', faults).planned).toBeUndefined()
    // Nor is a practice done when time or effort allows.
    const tested = keys('Are kiosk updates tested?')
    expect(polarity('Kiosk updates are tested when time permits.', tested).hedged).toBe('when time permits')
    expect(polarity('Kiosk updates are tested on a best-effort basis.', tested).hedged).toBe('best-effort')
  })

  it('reads "No." before a number as a numero, not a denial', () => {
    const report = 'The review followed audit standard No. 4100 for kiosk controls.'
    expect(polarity(report, keys('Are kiosk controls reviewed?')).negated).toBe(false)
    expect(polarity('No kiosk controls are reviewed.', keys('Are kiosk controls reviewed?')).negated).toBe(true)
  })
})

describe('onlyDenies', () => {
  const naming = (word: string) => (clause: string) => clause.toLowerCase().includes(word)

  it('is true when every clause naming the words denies something', () => {
    const sentence = "We never lend kiosks to partners, and we won't list partners on invoices."
    expect(onlyDenies(sentence, naming('partner'))).toBe(true)
  })

  it('is false when a clause states something of them, or the denial follows what it names', () => {
    expect(onlyDenies('We never lend kiosks to partners, but partners may rent them.', naming('partner'))).toBe(false)
    // "without" denies a manner only; a cue after the words governs what follows it.
    expect(onlyDenies('Kiosks are swapped without downtime.', naming('kiosk'))).toBe(false)
    expect(onlyDenies('Kiosks are cleaned and never shared.', naming('kiosk'))).toBe(false)
    expect(onlyDenies('Invoices are sent monthly.', naming('kiosk'))).toBe(false)
  })

  it('carries a denial over the verb phrases a comma lists after it, and no further', () => {
    // "offer you", "lend it": the tagger may read the verb as a noun; the pronoun after it says it is a verb.
    const listed = 'We do not charge branches extra, offer you other rates, or give you a slower kiosk service.'
    expect(onlyDenies(listed, naming('kiosk'))).toBe(true)
    expect(onlyDenies('We never rent kiosks, lend them, or sell them to partners.', naming('partner'))).toBe(true)
    expect(
      polarity('Staff do not share kiosk badges, lend them or copy them.', keys('Are kiosk badges copied?')).negated,
    ).toBe(true)
    // A piece with a subject of its own is a clause of its own.
    expect(onlyDenies('We do not charge branches extra, kiosks are serviced monthly.', naming('kiosk'))).toBe(false)
    expect(onlyDenies('Tills are not shared, kiosk service is free.', naming('kiosk'))).toBe(false)
  })
})

describe('quarterOf', () => {
  it.each([
    ['in Q3 2026', 'Q3/2026'],
    ['by 2026-Q2', 'Q2/2026'],
    ['in the third quarter of 2026', 'Q3/2026'],
    ['during H1 2027', 'Q2/2027'],
    ['by August 2026', 'Q3/2026'],
    ['by the end of 2026', 'Q4/2026'],
    ['soon', undefined],
  ])('%s → %s', (text, quarter) => expect(quarterOf(text)).toBe(quarter))
})

describe('statesRule', () => {
  it('reads a sentence that states a rule or what something requires, not what is done', () => {
    expect(statesRule('Clerks must lock the kiosk at night.')).toBe(true)
    expect(statesRule('The branch code requires firms to keep kiosk ledgers.')).toBe(true)
    expect(statesRule('Running a kiosk requires a clerk trained on the ledger.')).toBe(true)
    expect(statesRule('Clerks lock the kiosk at night.')).toBe(false)
  })
})

describe('withoutSetAside', () => {
  it('leaves out what the question sets aside itself, up to the end of its clause', () => {
    expect(withoutSetAside('Are tills updated by a pipeline rather than by individual clerks?')).toBe(
      'Are tills updated by a pipeline  ?',
    )
    expect(withoutSetAside('Are tills updated by a pipeline?')).toBe('Are tills updated by a pipeline?')
  })
})

describe('a denial that labels a list', () => {
  it('denies every item of the list it labels', () => {
    const cards = new Set(['card', 'data', 'payment'])
    expect(polarity('Not accessed: clerk passwords, kiosk ledgers, and payment card data.', cards).negated).toBe(true)
    expect(polarity('Accessed: clerk passwords, kiosk ledgers, and payment card data.', cards).negated).toBe(false)
    // The label denies its list only when the list names what is asked.
    expect(polarity('Not accessed: clerk passwords and kiosk ledgers.', cards).negated).toBe(false)
  })
})

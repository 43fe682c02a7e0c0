import { describe, expect, it } from 'vitest'
import {
  asksAboutPastEvent,
  asksDoneInPeriod,
  asksWhatCustomerCanDo,
  asksWhichDataIsHeld,
  namesCustomer,
  namesHeldData,
  namesReceiver,
  asksWhoPerforms,
  recipientOf,
  customerRulesOf,
  leansOnPrevious,
  refersToEarlier,
  negativeCondition,
  statesDataHandling,
  statesDelegation,
} from './scope'
import { terms } from '../retrieval/terms'

describe('question scope', () => {
  it('tells questions about data the product holds from questions about compliance', () => {
    const ask = (q: string) => asksWhichDataIsHeld(q, new Set(terms(q)))
    expect(ask('Will data regulated by PCI DSS reside in the vended product?')).toBe(true)
    expect(ask('Is the vended product designed to process or store Credit Card information?')).toBe(true)
    expect(ask('Are you PCI DSS compliant?')).toBe(false)
    expect(
      statesDataHandling('Level 1 service provider under the Payment Card Industry (PCI) Data Security Standard'),
    ).toBe(false)
    expect(statesDataHandling('Card numbers are processed by our payment gateway and never stored.')).toBe(true)
  })

  it('needs the held data named by the sentence, not a word it shares', () => {
    const names = (q: string, sentence: string) =>
      namesHeldData(q, new Set(terms(q)), sentence, new Set(terms(sentence)))
    const gps = 'Does the courier app collect GPS or location data from drivers?'
    // "locations" is where the files are kept, not location data.
    expect(names(gps, 'Driver files are stored in two locations.')).toBe(false)
    expect(names(gps, 'The app stores location data only while a delivery is open.')).toBe(true)
    expect(names(gps, 'GPS fixes are collected every minute during a shift.')).toBe(true)
    // A concept both name counts: "cardholder data" and "a PCI-certified gateway".
    const cards = 'Does the kiosk store or transmit cardholder data?'
    expect(names(cards, 'Payments go through a PCI-certified gateway and are transmitted encrypted.')).toBe(true)
    expect(names(cards, 'Receipts are transmitted by e-mail.')).toBe(false)
  })

  it("reads the asking party's own rules with the party's names as the receiver reads them", () => {
    expect(customerRulesOf("Will you keep to the district's policies on kiosk records?")).toBe("district's policies")
    expect(customerRulesOf('Do kiosks follow school standards for receipts?')).toBe('school standards')
    expect(customerRulesOf('Do you follow rules set by each college?')).toBe('rules set by each college')
    expect(customerRulesOf('Do you follow rules (set by each college)?')).toBe('rules set by each college')
    expect(recipientOf('Will you send drill reports to the district?')).toBe('the district')
    // The vendor's own rules are not the party's.
    expect(customerRulesOf('Do kiosks follow your own receipt policies?')).toBeUndefined()
  })

  it('reads the asking party as the receiver of what the vendor gives', () => {
    expect(recipientOf('Will you provide drill reports to the institution?')).toBe('the institution')
    expect(recipientOf('Do you share audit letters with us?')).toBe('us')
    // The vendor's customers receive too; what is done for a party is not given to it.
    expect(recipientOf('Do you provide training to your customers?')).toBe('your customers')
    expect(recipientOf('Are drill reports made available to customers on request?')).toBe('customers')
    expect(recipientOf('Do you keep a spare key for the institution?')).toBeUndefined()
    expect(recipientOf('Do you keep a spare key for customers?')).toBeUndefined()
    expect(recipientOf('Do you keep logs for the customer and send them to the customer?')).toBe('the customer')
    const names = (sentence: string, party = 'the institution') => namesReceiver(sentence, new Set(), party)
    expect(names('Drill reports are sent to each tenant.')).toBe(true)
    expect(names('Audit letters are available upon request.')).toBe(true)
    expect(names('We send each university its drill report.', 'the university')).toBe(true)
    expect(names('Drill reports: kept for two years')).toBe(false)
    // A reply to the customer names it as "you"; a compound names no one.
    expect(names('We accept your request for drill reports.', 'customers')).toBe(true)
    expect(names('Drill reports cover the customer-facing kiosk app.', 'customers')).toBe(false)
  })

  it('reads "who does it" questions and delegation to a provider', () => {
    expect(asksWhoPerforms('Does your company manage the physical data center where the data will reside?')).toBe(true)
    expect(asksWhoPerforms('Are data centers physically secured?')).toBe(false)
    const s = "Instructure relies on AWS' ability to design and operate these critical mechanisms."
    expect(statesDelegation(s, new Set(terms(s)))).toBe(true)
    const own = 'Our staff operate the data centers.'
    expect(statesDelegation(own, new Set(terms(own)))).toBe(false)
  })

  it('reads questions about what the customer can do', () => {
    expect(asksWhatCustomerCanDo('Can the Institution extract a full or partial backup of data?')).toBe(true)
    expect(asksWhatCustomerCanDo('Are backups encrypted?')).toBe(false)
    expect(asksWhatCustomerCanDo('Will institution data be shared with or hosted by any third parties?')).toBe(false)
    expect(namesCustomer('Backup procedures run a daily full backup snapshot of customer data.')).toBe(false)
    expect(namesCustomer('Administrators can export a full copy of course data at any time.')).toBe(true)
    // After "is" or "are", the customer acts only when able or allowed; otherwise something is done to it.
    expect(asksWhatCustomerCanDo('Are customers able to export their data?')).toBe(true)
    expect(asksWhatCustomerCanDo('Are users allowed to reset their own passwords?')).toBe(true)
    expect(asksWhatCustomerCanDo('Are customers notified of breaches?')).toBe(false)
    expect(asksWhatCustomerCanDo('Are users required to enrol a second factor?')).toBe(false)
  })

  it('reads what a negative condition denies, to be asked of the evidence', () => {
    expect(negativeCondition("If you don't support SSO, does your portal support multi-factor authentication?")).toBe(
      'support SSO',
    )
    expect(negativeCondition('Does your portal support multi-factor authentication?')).toBeUndefined()
  })

  it('knows a question that leans on the one before it', () => {
    const leans = (q: string) => leansOnPrevious(q)
    expect(leans('Are the policies and procedures revised and reissued every year?')).toBe(true)
    expect(leans('Is the kiosk recovery plan revised every year?')).toBe(false)
    // A word that only says which ones ("the relevant plans", "the above policies") points back as "the" does.
    expect(leans('Have the relevant kiosk plans been tested?')).toBe(false)
    expect(leans('Have the relevant plans been tested?')).toBe(true)
    expect(leans('Are the above procedures followed?')).toBe(true)
    // Any word that gives a practice its form, as the subject reading has it, or a document that sets one down.
    expect(leans('Are the controls revised every year?')).toBe(true)
    expect(leans('Is the strategy revised every year?')).toBe(true)
    expect(leans('Are the kiosks revised every year?')).toBe(false)
    // Without the article, only when the documents are all it names.
    expect(leans('Are policies and procedures revised every year?')).toBe(true)
    expect(leans('Are policies for kiosk badges revised every year?')).toBe(false)
    expect(leans('Are processes and procedures defined to protect kiosk ledgers?')).toBe(false)
  })

  it('knows a question that points to an earlier one, and one that names its own antecedent', () => {
    expect(refersToEarlier('Do these tools run on the production network?')).toBe('these tools')
    expect(refersToEarlier('Are those encrypted at rest?')).toBe('those')
    // A verb after the pointer, as the tagger reads it, is no noun: "these" alone is what points back.
    expect(refersToEarlier('Do these include the production network?')).toBe('these')
    expect(refersToEarlier('Is such data kept in the region?')).toBe('such data')
    // The whole noun phrase, as written: before, "these third" and "these kiosk".
    expect(refersToEarlier('Do you audit these third parties yearly?')).toBe('these third parties')
    expect(refersToEarlier('Are these kiosk ledger stores sealed at night?')).toBe('these kiosk ledger stores')
    expect(refersToEarlier('Do you scan hosts weekly? Are these hosts patched monthly?')).toBeUndefined()
    expect(refersToEarlier('Are roles based on rules, such as RBAC?')).toBeUndefined()
    expect(refersToEarlier('Is backup data encrypted such that only you can read it?')).toBeUndefined()
    expect(refersToEarlier('Is the service critical and, as such, restored first?')).toBeUndefined()
    // Words that point back without a demonstrative.
    expect(refersToEarlier('Have the kiosk plans mentioned above been drilled?')).toBe('mentioned above')
    expect(refersToEarlier('Are the aforementioned ledgers kept offline?')).toBe('aforementioned')
    expect(refersToEarlier('Is the ledger described in the kiosk policy kept offline?')).toBeUndefined()
  })

  it("knows a question about an event or about the vendor's past dealings with the asking party", () => {
    expect(asksAboutPastEvent('Has there been a data breach since your last audit?')).toBe(true)
    expect(asksAboutPastEvent('Have you sold licences to the university in the past three years?')).toBe(true)
    expect(asksAboutPastEvent('Have you worked with us within the last two years?')).toBe(true)
    // A violation is an adverse event like a breach: its history is the user's to state.
    expect(asksAboutPastEvent('Have there been violations of the data-handling rules in the last two years?')).toBe(
      true,
    )
    expect(asksAboutPastEvent('Have you completed a penetration test in the last 12 months?')).toBe(false)
    expect(asksAboutPastEvent('Do you send incident reports to the customer?')).toBe(false)
    // Whether something was done in a period counted back from today, of any kind.
    expect(asksDoneInPeriod('Has the failover drill been run in the last year?')).toBe(true)
    expect(asksDoneInPeriod('Did an outside firm review your network within the past 18 months?')).toBe(true)
    expect(asksDoneInPeriod('Is the recovery plan tested every year?')).toBe(false)
    expect(asksDoneInPeriod('Have you kept the logs since 2020?')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import {
  asksAboutPastEvent,
  asksWhatCustomerCanDo,
  asksWhichDataIsHeld,
  namesCustomer,
  asksWhoPerforms,
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
    expect(leansOnPrevious('Are the policies and procedures reviewed and updated at least annually?')).toBe(true)
    expect(leansOnPrevious('Is the disaster response plan updated at least annually?')).toBe(false)
    // A word that only says which ones ("the relevant plans", "the above policies") points back as "the" does.
    expect(leansOnPrevious('Have the relevant kiosk plans been tested?')).toBe(false)
    expect(leansOnPrevious('Have the relevant plans been tested?')).toBe(true)
    expect(leansOnPrevious('Are the above procedures followed?')).toBe(true)
  })

  it('knows a question that points to an earlier one, and one that names its own antecedent', () => {
    expect(refersToEarlier('Do these tools run on the production network?')).toBe('these tools')
    expect(refersToEarlier('Are those encrypted at rest?')).toBe('those')
    // A verb after the pointer, as the tagger reads it, is no noun: "these" alone is what points back.
    expect(refersToEarlier('Do these include the production network?')).toBe('these')
    expect(refersToEarlier('Is such data kept in the region?')).toBe('such data')
    expect(refersToEarlier('Do you scan hosts weekly? Are these hosts patched monthly?')).toBeUndefined()
    expect(refersToEarlier('Are roles based on rules, such as RBAC?')).toBeUndefined()
    expect(refersToEarlier('Is backup data encrypted such that only you can read it?')).toBeUndefined()
    expect(refersToEarlier('Is the service critical and, as such, restored first?')).toBeUndefined()
  })

  it("knows a question about an event or about the vendor's past dealings with the asking party", () => {
    expect(asksAboutPastEvent('Has there been a data breach since your last audit?')).toBe(true)
    expect(asksAboutPastEvent('Have you sold licences to the university in the past three years?')).toBe(true)
    expect(asksAboutPastEvent('Have you worked with us within the last two years?')).toBe(true)
    expect(asksAboutPastEvent('Have you completed a penetration test in the last 12 months?')).toBe(false)
    expect(asksAboutPastEvent('Do you send incident reports to the customer?')).toBe(false)
  })
})

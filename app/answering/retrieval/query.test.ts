import { describe, expect, it } from 'vitest'
import { exampleGroups, questionParts } from './query'
import { terms } from './terms'

describe('exampleGroups', () => {
  it('reads a list of examples as alternatives, but not one item restated in several words', () => {
    const groups = (question: string) => exampleGroups(questionParts(question))
    // Before: "ledger", "holder" and "rights" each stood for the restatement, so "subject to ..." or "holder" alone
    // covered it.
    const restated = questionParts('Do you let clerks see their kiosk records (i.e., ledger holder rights)?')
    expect(restated.restatements).toEqual(['ledger holder rights'])
    expect(exampleGroups(restated)).toEqual([])
    // Lists of alternatives stay, restated or not; so does a one-word restatement and an "including" phrase.
    expect(groups('Do kiosks support SSO (e.g., SAML, OIDC)?')).toEqual([terms('SAML, OIDC')])
    expect(groups('Do kiosks support SSO (i.e., SAML or OIDC)?')).toEqual([terms('SAML or OIDC')])
    expect(groups('Do kiosks support single sign-on (i.e., SSO)?')).toEqual([terms('SSO')])
    // "+" and "&" join items too: what a free-text question asks to be given.
    expect(groups('List the branches holding kiosk data (i.e. city + branch name).')).toEqual([
      terms('city + branch name'),
    ])
    expect(groups('Are kiosk changes approved (including after-hours approval)?')).toEqual([
      terms('after-hours approval'),
    ])
  })
})

describe('questionParts', () => {
  it('ends an example list written without brackets where the question resumes', () => {
    // Before: the list ran to the question mark and took the question's predicate with it ("Are kiosk secrets ?").
    const parts = questionParts(
      'Are kiosk secrets such as till keys and ledger passwords rotated at least every 30 days?',
    )
    expect(parts.asked).toBe('Are kiosk secrets rotated at least every 30 days?')
    expect(parts.instances).toEqual(['till keys and ledger passwords'])
    // A list that ends the question, and one whose items are described by a participle or a hyphenated word, stay whole.
    expect(questionParts('Do you use tools such as ledger scanners and till audits?').instances).toEqual([
      'ledger scanners and till audits',
    ])
    expect(
      questionParts('Is kiosk access granted by rules such as branch-based access or signed ledger permits?').instances,
    ).toEqual(['branch-based access or signed ledger permits'])
  })
})

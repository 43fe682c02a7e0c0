import { describe, expect, it } from 'vitest'
import { evidenceDoc, questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { OfflineEngine } from '../offline/engine'
import { isFurniture } from './boilerplate'

describe('document furniture never answers', () => {
  it.each([
    'Director of ISO Services, Certification Body',
    'Security overview ........................ 12',
    // The page number on a line of its own: the dot leader alone says it is a contents entry.
    '18 Disaster Recovery Plan Testing ..................................................',
    '3.2 Encryption . . . . . . . .',
    'Page 3 of 20',
    'Authorised signatory',
  ])('furniture: %s', (line) => expect(isFurniture(line)).toBe(true))

  it.each([
    'All production access is reviewed quarterly by the security team.',
    'The Chief Information Security Officer approves the policy every year.',
    'Backups are encrypted... and tested yearly.',
  ])('a statement: %s', (line) => expect(isFurniture(line)).toBe(false))

  it("reads a standard's number as part of its subject: an ISO 27001 certificate says nothing about ISO 9001", async () => {
    const cert = evidenceDoc('iso.pdf', [
      'This is to certify that the information security management system of the company complies with ISO/IEC 27001:2013.',
      'Director of ISO Services',
    ])
    const [iso9001, iso27001] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([yesNoQuestion('Do you comply with ISO 9001?'), yesNoQuestion('Do you comply with ISO 27001?')]),
      [cert],
    )
    expect(iso9001).toMatchObject({ label: null, flagged: true, citations: [] })
    expect(iso27001!.label).toBe('YES')
  })
})

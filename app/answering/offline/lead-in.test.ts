import { describe, expect, it } from 'vitest'
import { questionnaireOf, yesNoQuestion } from '../../../tests/support/answering'
import { extractEvidence } from '../../evidence/extract.server'
import { OfflineEngine } from './engine'

const engine = () => new OfflineEngine({ now: new Date('2025-01-01') })
const policy = (text: string) => extractEvidence([{ name: 'policy.md', bytes: new TextEncoder().encode(text) }])

describe('lead-in sentences (rule lead-in)', () => {
  it('does not answer from a sentence that only introduces what follows', async () => {
    // Invented text: the only sentence naming the question's words is the line that opens a table.
    const evidence = await policy(
      [
        '# Cryptography',
        '',
        'The following table sets out the recommended usage of encryption keys by our hosting provider:',
        '',
        '| Region | Cipher |',
        '| --- | --- |',
        '| Europe | AES-256-GCM |',
        '',
        'Staff sign the acceptable use agreement every year.',
      ].join('\n'),
    )
    const [answer] = await engine().answer(
      questionnaireOf([yesNoQuestion('Does your hosting provider have access to your encryption keys?')]),
      evidence,
    )
    expect(answer!.citations.map((c) => c.quote).join(' ')).not.toMatch(/sets out/)
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

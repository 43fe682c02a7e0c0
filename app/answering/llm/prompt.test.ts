import { describe, expect, it } from 'vitest'
import { yesNoQuestion } from '../../../tests/support/answering'
import { SYSTEM_PROMPT, userPrompt } from './prompt'

describe('LLM prompt', () => {
  it('sends the library match beside the passages, and states the output contract', () => {
    const question = yesNoQuestion('Do you encrypt backups?')
    const earlier = {
      question: 'Do you encrypt backups?',
      answer: 'Yes',
      comment: 'AES-256.',
      file: 'old.xlsx',
      location: 'S!C2',
      commentLocation: 'S!D2',
      match: 'exact',
    }
    const payload = JSON.parse(
      userPrompt([
        { question, passages: [{ file: 'p.pdf', location: 'page 1', text: 'Backups are encrypted.' }], earlier },
      ]).split('QUESTIONS_JSON:\n')[1]!,
    )
    expect(payload[0].earlier).toEqual(earlier)
    expect(payload[0].passages).toHaveLength(1)
    expect(SYSTEM_PROMPT).toMatch(/give no citations/)
    expect(SYSTEM_PROMPT).toMatch(/never a bare YES or NO/)
  })
})

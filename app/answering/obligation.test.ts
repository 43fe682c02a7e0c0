import { describe, expect, it } from 'vitest'
import { obligationReason } from './obligation'

describe('obligationReason', () => {
  it.each([
    ['Will you notify the institution of a breach within 72 hours?', 'a notification window'],
    ['Do you offer an SLA for uptime?', 'a service level'],
    ['Do you carry cyber-risk insurance to protect against outages?', 'insurance terms'],
    ['Are you willing to enter into a Business Associate Agreement (BAA)?', 'contract terms'],
    ["Is your company subject to Institution's geographic region's laws and regulations?", 'a legal question'],
  ])('%s → %s', (text, what) =>
    expect(obligationReason({ text })).toBe(`commits you to ${what}: needs a person's sign-off`),
  )

  it.each([
    'Does your product process data covered by the Health Insurance Portability and Accountability Act (HIPAA)?',
    'Have you adopted a technical or legal accessibility standard of conformance?',
    'Do you encrypt data at rest?',
  ])('leaves alone: %s', (text) => expect(obligationReason({ text })).toBeUndefined())
})

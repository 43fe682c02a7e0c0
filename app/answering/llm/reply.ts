import { NO_EVIDENCE } from '../contract'
import type { Question } from '../../questionnaire/model'
import type { Answer, Citation } from '../model'
import { RetryableError } from './client'
import { responseSchema } from './prompt'

/** Reading the provider's reply: its JSON, checked against the answer schema, turned into our answers. */

export type ReplyAnswer = ReturnType<typeof responseSchema.parse>['answers'][number]

/** The answers of one reply by question key; a reply we cannot use is a RetryableError (the batch is asked again). */
export function parseReply(text: string): Map<string, ReplyAnswer> {
  let json: unknown
  try {
    json = JSON.parse(text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''))
  } catch {
    throw new RetryableError('the reply was not valid JSON')
  }
  const parsed = responseSchema.safeParse(json)
  if (!parsed.success)
    throw new RetryableError(`the reply did not match the answer schema (${parsed.error.issues[0]?.message})`)
  return new Map(parsed.data.answers.map((a) => [a.key, a]))
}

export function toAnswer(key: string, a: ReplyAnswer): Answer {
  const reasons: string[] = []
  const planned = a.label === 'PLANNED' && a.planned && /^Q[1-4]\/\d{4}$/.test(a.planned) ? a.planned : undefined
  if (a.label === 'PLANNED' && !planned) reasons.push('planned work without a quarter in the evidence')
  if (a.conflict) reasons.push(`the evidence contradicts itself: ${a.conflict.slice(0, 160)}`)
  // Quotes are checked later against the files themselves (finalizeAnswers): the model's word is not enough.
  const citations: Citation[] = a.citations.map((c) => ({ file: c.file, location: c.location, quote: c.quote }))
  return {
    key,
    label: a.label,
    planned,
    text: a.text.trim(),
    confidence: a.confidence,
    citations,
    flagged: false,
    reasons,
    rule: 'llm-answer',
    rules: ['llm-answer'],
  }
}

export function leftForUser(question: Question): Answer {
  return {
    key: question.key,
    label: null,
    text: '',
    confidence: 0,
    citations: [],
    flagged: true,
    reasons: [NO_EVIDENCE],
    rule: 'no-evidence',
  }
}

export function fallback(answer: Answer, why: string): Answer {
  return {
    ...answer,
    flagged: true,
    reasons: [...answer.reasons, `${why}; answered by the offline engine`],
    rule: 'llm-failed',
    rules: [...(answer.rules ?? []), 'llm-failed'],
  }
}

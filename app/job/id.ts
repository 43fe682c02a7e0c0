import { z } from 'zod'

/**
 * Job ids: the one pattern and the one generator. Routes, API schemas, the worker's payload, the jobs table's check
 * constraint and the MSW package all accept exactly what newJobId makes. No server import here: the browser-safe
 * MSW bundle imports this file too.
 */

export const JOB_ID_LENGTH = 24
/** 24 characters of [a-z0-9]: about 124 bits, unguessable. */
export const JOB_ID_PATTERN = /^[a-z0-9]{24}$/
/** The same pattern without anchors, to embed in a larger pattern (paths in logs). */
export const JOB_ID_SOURCE = '[a-z0-9]{24}'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
/** Bytes at or above this are redrawn, so every character is equally likely (252 = 7 × 36). */
const UNBIASED_BELOW = 252

/** A new random job id (Web Crypto, available in Node, Deno and browsers). */
export function newJobId(): string {
  let id = ''
  while (id.length < JOB_ID_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(JOB_ID_LENGTH * 2))
    for (const b of bytes) {
      if (b < UNBIASED_BELOW && id.length < JOB_ID_LENGTH) id += ALPHABET[b % ALPHABET.length]
    }
  }
  return id
}

export function isJobId(value: unknown): value is string {
  return typeof value === 'string' && JOB_ID_PATTERN.test(value)
}

/** A job id in a path, a payload or a form, with the message an API client reads when it is not one. */
export const jobIdSchema = z.string().regex(JOB_ID_PATTERN, `is ${JOB_ID_LENGTH} lower-case letters and digits`)

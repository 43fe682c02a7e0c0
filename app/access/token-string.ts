import { z } from 'zod'

/**
 * A token as typed, pasted or sent: the one normalisation every reader of a token applies (headers, form fields,
 * links, the browser's own check). Whitespace anywhere (a token pasted across a line break) and NUL bytes are
 * removed. No server import: the token page's browser code uses it too.
 */
export function normalizeToken(raw: string): string {
  return raw.replace(/[\s\u0000]/g, '')
}

/** What a token may look like: the spec's 10 to 128 characters once normalised. */
export const TOKEN_MIN_CHARS = 10
export const TOKEN_MAX_CHARS = 128

/** The one schema for a token typed into a form or sent in a JSON body. */
export const tokenSchema = z
  .string({ required_error: 'Please enter your access token' })
  .transform(normalizeToken)
  .pipe(
    z
      .string()
      .min(1, 'Please enter your access token')
      .min(TOKEN_MIN_CHARS, 'Please enter a valid access token')
      .max(TOKEN_MAX_CHARS, `Access tokens are at most ${TOKEN_MAX_CHARS} characters`),
  )

import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { isPublicAddress } from './addresses.server'

/**
 * Where a callback may go: an absolute http(s) URL without credentials, whose host is, or resolves only to,
 * public addresses. Checked when the job is submitted and again, on the addresses actually connected to, when
 * the callback is sent (a name may resolve elsewhere by then).
 */

export const CALLBACK_URL_MAX_LENGTH = 2048

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string }

/** The URL's form only (no network): the problem completes the sentence "callbackUrl …". */
export function parseCallbackUrl(raw: string): Checked<URL> {
  const text = raw.trim()
  if (text.length > CALLBACK_URL_MAX_LENGTH)
    return { ok: false, problem: `is longer than ${CALLBACK_URL_MAX_LENGTH} characters.` }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, problem: 'must be an absolute URL such as https://example.com/qfill-callback.' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: 'must be an https (or http) URL.' }
  if (url.username || url.password) return { ok: false, problem: 'must not contain a user name or password.' }
  if (!url.hostname) return { ok: false, problem: 'has no host.' }
  return { ok: true, value: url }
}

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Every address the host stands for, if all of them are public. */
export async function publicAddresses(hostname: string): Promise<Checked<ResolvedAddress[]>> {
  const host = hostname.replace(/^\[|\]$/g, '')
  const literal = isIP(host)
  let addresses: ResolvedAddress[]
  if (literal) addresses = [{ address: host, family: literal as 4 | 6 }]
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({
        address: a.address,
        family: a.family as 4 | 6,
      }))
    } catch (error) {
      return { ok: false, problem: `could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'no answer'}).` }
    }
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address))
  if (refused || !addresses.length)
    return {
      ok: false,
      problem: `points to a private or reserved address (${refused?.address ?? 'none'}): callbacks go only to public hosts.`,
    }
  return { ok: true, value: addresses }
}

/** The submission check: form, then the addresses the host resolves to now. */
export async function checkCallbackUrl(raw: string): Promise<Checked<URL>> {
  const parsed = parseCallbackUrl(raw)
  if (!parsed.ok) return parsed
  const addresses = await publicAddresses(parsed.value.hostname)
  return addresses.ok ? parsed : addresses
}

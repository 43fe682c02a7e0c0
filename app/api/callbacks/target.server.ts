import { lookup } from 'node:dns/promises'
import { ipFamily, isPublicAddress, parseCallbackUrl, refusedAddress, type Checked } from './url'

/**
 * Where a callback may go: an absolute http(s) URL without credentials (./url.ts) whose host is, or resolves
 * only to, public addresses. Checked when the job is submitted and again, on the addresses actually connected
 * to, when the callback is sent (a name may resolve elsewhere by then).
 */

export { parseCallbackUrl }
export type { Checked }

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Every address the host stands for, if all of them are public. */
export async function publicAddresses(hostname: string): Promise<Checked<ResolvedAddress[]>> {
  const host = hostname.replace(/^\[|\]$/g, '')
  const literal = ipFamily(host)
  let addresses: ResolvedAddress[]
  if (literal) addresses = [{ address: host, family: literal }]
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
  if (refused || !addresses.length) return { ok: false, problem: refusedAddress(refused?.address ?? 'none') }
  return { ok: true, value: addresses }
}

/** The submission check: form, then the addresses the host resolves to now. */
export async function checkCallbackUrl(raw: string): Promise<Checked<URL>> {
  const parsed = parseCallbackUrl(raw)
  if (!parsed.ok) return parsed
  const addresses = await publicAddresses(parsed.value.hostname)
  return addresses.ok ? parsed : addresses
}

/**
 * How QFill signs the callback it POSTs when a job ends, and how a receiver checks it (ADR 030). Web Crypto only,
 * so the server, @qfill/msw and a receiver in any JavaScript runtime share this code.
 *
 *   secret    = hex(HMAC-SHA256(key = your access token, message = "qfill-callback-v1"))
 *   header    QFill-Signature: t=<unix seconds>,v1=<hex(HMAC-SHA256(key = secret, message = t + "." + raw body))>
 *
 * A receiver recomputes v1 over the raw body bytes as received, compares in constant time, and refuses a
 * timestamp more than 5 minutes from its clock (a replayed old delivery).
 */

export const SIGNATURE_HEADER = 'QFill-Signature'
export const EVENT_HEADER = 'QFill-Event'
export const DELIVERY_HEADER = 'QFill-Delivery'
export const SECRET_CONTEXT = 'qfill-callback-v1'
export const SIGNATURE_TOLERANCE_SECONDS = 300

const encoder = new TextEncoder()

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)))
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The secret a token's callbacks are signed with; its holder derives it the same way. */
export function callbackSecret(token: string): Promise<string> {
  return hmacHex(token, SECRET_CONTEXT)
}

/** The QFill-Signature header value for a body sent at `timestamp` (unix seconds). */
export async function signCallback(secret: string, timestamp: number, body: string): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}`
}

/** Checks a QFill-Signature header against the raw body: the signature matches and the timestamp is recent. */
export async function verifyCallback(
  secret: string,
  header: string | null,
  body: string,
  options: { now?: number; toleranceSeconds?: number } = {},
): Promise<boolean> {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()]
    }),
  )
  const timestamp = Number(parts.t)
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false
  const expected = await hmacHex(secret, `${timestamp}.${body}`)
  let diff = 0
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ parts.v1!.charCodeAt(i)
  return diff === 0
}

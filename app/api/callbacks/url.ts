/**
 * The form of a callbackUrl and which addresses a callback may go to, in plain TypeScript (no DNS, no node:
 * modules), so the server (target.server.ts adds DNS) and @qfill/msw judge them alike.
 */

export const CALLBACK_URL_MAX_LENGTH = 2048

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string }

/** The URL's form only: the problem completes the sentence "callbackUrl …". */
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

/** "localhost" and names under .localhost always mean this machine (RFC 6761). */
export function isLoopbackName(hostname: string): boolean {
  return /^localhost\.?$|\.localhost\.?$/i.test(hostname)
}

export function refusedAddress(address: string): string {
  return `points to a private or reserved address (${address}): callbacks go only to public hosts.`
}

/**
 * IPv4 ranges the IANA special-purpose registry marks as not globally reachable: this network, private (RFC
 * 1918), shared CGNAT space, loopback, link-local (cloud metadata at 169.254.169.254), IETF assignments,
 * documentation, the old 6to4 relay, benchmarking, multicast, reserved and broadcast.
 */
const V4_NOT_GLOBAL: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

function ipv4(text: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  if (parts.some((p) => p > 255)) return null
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0
}

const V4_RANGES = V4_NOT_GLOBAL.map(([base, prefix]) => {
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0
  return { base: (ipv4(base)! & mask) >>> 0, mask }
})

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6(text: string): number[] | null {
  let hex = text
  if (text.includes('.')) {
    const at = text.lastIndexOf(':')
    const v4 = ipv4(text.slice(at + 1))
    if (v4 === null) return null
    hex = `${text.slice(0, at + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = hex.split('::')
  if (halves.length > 2) return null
  const groups = (s: string) => (s ? s.split(':') : [])
  const left = groups(halves[0]!)
  const right = groups(halves[1] ?? '')
  if ([...left, ...right].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null
  const fill = 8 - left.length - right.length
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null
  return [...left, ...Array<string>(halves.length === 1 ? 0 : fill).fill('0'), ...right].map((g) => parseInt(g, 16))
}

/** The address family of an IP literal (brackets and zone allowed), or 0 for anything else. */
export function ipFamily(address: string): 0 | 4 | 6 {
  const ip = address.replace(/^\[|\]$/g, '').split('%')[0]!
  if (ipv4(ip) !== null) return 4
  return ip.includes(':') && ipv6(ip) ? 6 : 0
}

/**
 * True for a globally reachable unicast address. IPv6 must be global unicast (2000::/3, less its IETF,
 * documentation and 6to4 parts), which also refuses IPv4-mapped and NAT64 forms of private IPv4 addresses.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').split('%')[0]!
  const v4 = ipv4(ip)
  if (v4 !== null) return !V4_RANGES.some((r) => (v4 & r.mask) >>> 0 === r.base)
  const g = ip.includes(':') ? ipv6(ip) : null
  if (!g) return false
  if ((g[0]! & 0xe000) !== 0x2000) return false
  if (g[0] === 0x2001 && (g[1]! < 0x0200 || g[1] === 0x0db8)) return false
  if (g[0] === 0x2002) return false
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false
  return true
}

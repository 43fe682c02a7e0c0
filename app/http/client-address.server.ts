import { isIP } from 'node:net'

/**
 * The client address a request counts against, when it carries no token (issue 16, finding 8; ADR 026).
 *
 * `none`: the socket's address. `x-forwarded-for`: the last entry, the one the proxy in front of us appended.
 * `fly`: Fly-Client-IP, but only when the connection itself comes from Fly's proxy. Fly documents that its proxy
 * sets Fly-Client-IP to the address it accepted the connection from (a value a client sends is replaced), and
 * documents no fixed source range for the proxy; what we rely on is that on a Fly Machine the proxy connects to
 * the app over the machine's private IPv4 network, 172.16.0.0/12 (apps see peers such as 172.19.x.y, or
 * ::ffff:172.19.x.y on a dual-stack socket), while everything else that can reach a machine directly (other
 * machines of the organisation and WireGuard peers over the 6PN, fdaa::/16) does not pass through the proxy, so
 * its Fly-Client-IP is whatever the sender wrote and is ignored. Details and sources: ADR 026.
 *
 * IPv6 clients count per /64, the block one customer usually holds.
 */
export type TrustProxy = 'none' | 'fly' | 'x-forwarded-for'

interface RequestLike {
  headers: Record<string, string | string[] | undefined>
  socket: { remoteAddress?: string }
}

export function clientKey(req: RequestLike, trust: TrustProxy): string {
  const peer = req.socket.remoteAddress ?? 'unknown'
  let ip = peer
  if (trust === 'fly') {
    const fly = req.headers['fly-client-ip']
    if (typeof fly === 'string' && isIP(fly.trim()) && isFlyProxy(peer)) ip = fly.trim()
  } else if (trust === 'x-forwarded-for') {
    const xff = req.headers['x-forwarded-for']
    const last = (Array.isArray(xff) ? xff.join(',') : (xff ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1)
    if (last && isIP(last)) ip = last
  }
  return normalizeIp(ip)
}

/** Whether a socket peer is Fly's proxy: an address of the private 172.16.0.0/12 network, plain or IPv4-mapped. */
export function isFlyProxy(peer: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(peer)
  if (!v4) return false
  const [a, b] = [Number(v4[1]), Number(v4[2])]
  return a === 172 && b >= 16 && b <= 31
}

export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (isIP(ip) !== 6) return ip
  const groups = expandIpv6(ip)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip
}

function expandIpv6(ip: string): string[] | null {
  const [head, tail] = ip.split('%')[0]!.split('::') as [string, string | undefined]
  const a = head ? head.split(':') : []
  const b = tail ? tail.split(':') : []
  if (tail === undefined && a.length !== 8) return null
  const fill = Array(8 - a.length - b.length).fill('0')
  return [...a, ...fill, ...b].map((g) => parseInt(g || '0', 16).toString(16))
}

import { BlockList, isIP } from 'node:net'

/**
 * Which addresses a callback may be sent to: globally reachable unicast only. Everything the IANA special-purpose
 * registries mark as not globally reachable is refused: loopback, private (RFC 1918, unique-local), link-local
 * (cloud metadata at 169.254.169.254), shared CGNAT space, documentation and benchmarking ranges, multicast,
 * reserved and unspecified addresses. IPv6 must be global unicast (2000::/3), which also refuses IPv4-mapped and
 * NAT64 forms of private IPv4 addresses.
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

const V6_NOT_GLOBAL: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address we would have to check again
  ['3fff::', 20], // documentation
]

const v4Blocked = new BlockList()
for (const [net, prefix] of V4_NOT_GLOBAL) v4Blocked.addSubnet(net, prefix, 'ipv4')
const v6Global = new BlockList()
v6Global.addSubnet('2000::', 3, 'ipv6')
const v6Blocked = new BlockList()
for (const [net, prefix] of V6_NOT_GLOBAL) v6Blocked.addSubnet(net, prefix, 'ipv6')

/** True for an address a callback may be sent to; false for anything else, including text that is not an IP. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').split('%')[0]!
  const family = isIP(ip)
  if (family === 4) return !v4Blocked.check(ip, 'ipv4')
  if (family === 6) return v6Global.check(ip, 'ipv6') && !v6Blocked.check(ip, 'ipv6')
  return false
}

import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ipFamily, isPublicAddress } from './url'
import { callbackSecret, signCallback, verifyCallback } from './signature'
import { parseCallbackUrl, publicAddresses } from './target.server'

describe('callback addresses', () => {
  it('accepts global unicast addresses only', () => {
    for (const address of ['8.8.8.8', '1.2.3.4', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '[2a00:1450::1]'])
      expect(isPublicAddress(address), address).toBe(true)
    const refused = [
      ['127.0.0.1', 'loopback'],
      ['::1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['fd00::2', 'unique local'],
      ['fdaa::3', 'unique local (Fly private network)'],
      ['169.254.169.254', 'link-local (cloud metadata)'],
      ['fe80::1', 'link-local'],
      ['100.64.0.1', 'shared address space'],
      ['192.0.2.2', 'documentation'],
      ['2001:db8::1', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
      ['::ffff:10.0.0.1', 'IPv4-mapped private'],
      ['64:ff9b::a00:1', 'NAT64 of a private address'],
      ['2002:a00:1::1', '6to4 of a private address'],
      ['localhost', 'not an address'],
    ]
    for (const [address, why] of refused) expect(isPublicAddress(address!), `${address}: ${why}`).toBe(false)
  })
})

describe('callback URLs', () => {
  it('must be absolute http(s) URLs without credentials', () => {
    expect(parseCallbackUrl('https://hooks.example.com/qfill?x=1')).toMatchObject({ ok: true })
    expect(parseCallbackUrl('http://203.0.114.9:8080/')).toMatchObject({ ok: true })
    expect(parseCallbackUrl('/relative')).toMatchObject({ ok: false, problem: expect.stringMatching(/absolute URL/) })
    expect(parseCallbackUrl('ftp://example.com/')).toMatchObject({
      ok: false,
      problem: 'must be an https (or http) URL.',
    })
    expect(parseCallbackUrl('https://user:pw@example.com/')).toMatchObject({
      ok: false,
      problem: 'must not contain a user name or password.',
    })
    expect(parseCallbackUrl(`https://example.com/${'a'.repeat(2048)}`)).toMatchObject({ ok: false })
  })

  it('refuses hosts that are or resolve to non-public addresses', async () => {
    for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '10.0.0.5', 'localhost']) {
      const checked = await publicAddresses(host)
      expect(checked.ok, host).toBe(false)
      expect(!checked.ok && checked.problem, host).toMatch(/private or reserved address/)
    }
    expect(await publicAddresses('203.0.114.9')).toEqual({ ok: true, value: [{ address: '203.0.114.9', family: 4 }] })
  })
})

describe('callback signatures', () => {
  const token = 'qf_example-token-0123456789'
  const body = JSON.stringify({ jobId: 'a'.repeat(24), status: 'completed' })

  it('derive the secret from the token as documented (HMAC-SHA256 of "qfill-callback-v1")', async () => {
    const expected = createHmac('sha256', token).update('qfill-callback-v1').digest('hex')
    expect(await callbackSecret(token)).toBe(expected)
  })

  it('sign timestamp.body, as a receiver with node:crypto recomputes it, and verify', async () => {
    const secret = await callbackSecret(token)
    const header = await signCallback(secret, 1_700_000_000, body)
    const v1 = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex')
    expect(header).toBe(`t=1700000000,v1=${v1}`)
    expect(await verifyCallback(secret, header, body, { now: 1_700_000_100 })).toBe(true)
  })

  it('refuse a changed body, another secret, a changed signature, an old timestamp and junk', async () => {
    const secret = await callbackSecret(token)
    const header = await signCallback(secret, 1_700_000_000, body)
    const now = { now: 1_700_000_000 }
    expect(await verifyCallback(secret, header, body.replace('completed', 'failed'), now)).toBe(false)
    expect(await verifyCallback(await callbackSecret(`${token}x`), header, body, now)).toBe(false)
    // Flip the last hex digit to a different one, so the tampered signature always differs.
    const last = header.at(-1)!
    const tampered = header.slice(0, -1) + (last === '0' ? '1' : '0')
    expect(tampered).not.toBe(header)
    expect(await verifyCallback(secret, tampered, body, now)).toBe(false)
    expect(await verifyCallback(secret, header, body, { now: 1_700_000_301 })).toBe(false)
    for (const junk of [null, '', 'v1=abc', 't=x,v1=00', `t=1700000000`])
      expect(await verifyCallback(secret, junk, body, now)).toBe(false)
  })
})

describe('IP literals', () => {
  it('are recognised in every form a URL or DNS gives them', () => {
    for (const [text, family] of [
      ['8.8.8.8', 4],
      ['::1', 6],
      ['[2606:4700::1111]', 6],
      ['::ffff:127.0.0.1', 6],
      ['fe80::1%eth0', 6],
      ['1:2:3:4:5:6:7:8', 6],
      ['256.1.1.1', 0],
      ['1:2:3:4:5:6:7:8:9', 0],
      ['example.com', 0],
      ['::g', 0],
    ] as const)
      expect(ipFamily(text), text).toBe(family)
  })
})

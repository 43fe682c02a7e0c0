// Issue 16, finding 7: "one address at ~900 req/s on /healthz or /api/status raised other clients' status p50 from
// 7 to 62–70 ms". The checks behind them run at most once a second per process, however many ask.
import { describe, expect, it } from 'vitest'
import type { Queryable } from '../infra/db.server'
import { cachedChecks, cachedFor } from './health.server'

/** A stand-in for the pool that counts the queries it is sent (the checks' SQL itself is tested on Postgres elsewhere). */
function countingSql(rows: unknown[]) {
  const calls = { n: 0 }
  const sql = ((..._args: unknown[]) => {
    calls.n++
    return Promise.resolve(rows)
  }) as unknown as Queryable
  return { sql, calls }
}

describe('cachedFor', () => {
  it('runs the check once for every caller within a second, and again after', async () => {
    let clock = 0
    let runs = 0
    const check = cachedFor(
      1000,
      async () => ++runs,
      () => clock,
    )
    const answers = await Promise.all(Array.from({ length: 900 }, () => check()))
    expect(runs).toBe(1)
    expect(new Set(answers)).toEqual(new Set([1]))
    clock = 999
    expect(await check()).toBe(1)
    clock = 1000
    expect(await check()).toBe(2)
    expect(runs).toBe(2)
  })

  it('does not keep a failed run', async () => {
    let runs = 0
    const check = cachedFor(
      1000,
      async () => {
        if (++runs === 1) throw new Error('down')
        return runs
      },
      () => 0,
    )
    await expect(check()).rejects.toThrow('down')
    await Promise.resolve()
    expect(await check()).toBe(2)
  })
})

describe('the health endpoints’ checks', () => {
  it('send one query for 900 concurrent /healthz and one for 900 /api/status', async () => {
    const { sql, calls } = countingSql([{ live: 1, ago: 1200 }])
    const checks = cachedChecks(sql)
    const health = await Promise.all(Array.from({ length: 900 }, () => checks.health()))
    expect(health[0]).toEqual({ ok: true, database: 'ok', workers: { live: 1, lastBeatAgoMs: 1200 } })
    expect(calls.n).toBe(1)
    await Promise.all(Array.from({ length: 900 }, () => checks.status()))
    expect(calls.n).toBe(2)
  })
})

// Issue 11, finding 8: "Trial and single tokens never expire (expires_at NULL); a session cookie keeps working
// after sign-out." The fix is built by the access helper (issue 7: plan lifetimes, server-side sessions); these
// tests hold it to the behaviour the issue describes, through a real server.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { createAnswerJob } from '../../app/job/actions.server'
import { services } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { questionnaireCsv } from '../support/files'
import { startServer, type TestServer } from '../support/server'

const db = useTestDatabase()

describe('finding 8: tokens expire and sign-out revokes the session', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ databaseUrl: db.url, worker: false })
  })
  afterAll(async () => {
    await server?.stop()
  })

  const signIn = (token: string) =>
    fetch(`${server.url}/upload`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'access', token, terms: 'on' }),
    })
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => c.startsWith('qfill_session=') && c !== 'qfill_session=')
      .join('; ')

  it('gives trial and pay-per-use tokens an expiry', async () => {
    for (const plan of ['trial', 'single'] as const) {
      const { row } = await createToken(db.sql, { plan })
      expect(row.expiresAt, plan).not.toBeNull()
      expect(row.expiresAt!.getTime(), plan).toBeGreaterThan(Date.now())
      expect(row.expiresAt!.getTime() - Date.now(), plan).toBeLessThanOrEqual(31 * 24 * 60 * 60 * 1000)
    }
  })

  it('refuses an expired token: no session, no new job', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'trial' })
    await db.sql`update tokens set expires_at = now() - interval '1 minute' where id = ${row.id}`
    const res = await signIn(token)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(cookieOf(res)).toBe('')
    const form = new FormData()
    form.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'q.csv')
    const fill = await fetch(`${server.url}/api/fill`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    expect([401, 402, 403]).toContain(fill.status)
  })

  it('makes a copy of the session cookie worthless after sign-out', async () => {
    const { token, row } = await createToken(db.sql, { plan: 'pro' })
    const { sql, store } = services()
    const { jobId } = await createAnswerJob(sql, store, {
      tokenId: row.id,
      questionnaire: { name: 'q.csv', bytes: questionnaireCsv() },
      evidence: [],
    })
    const signedIn = await signIn(token)
    expect(signedIn.status).toBe(302)
    const cookie = cookieOf(signedIn)
    expect(cookie).not.toBe('')
    const asVictim = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { cookie, origin: server.url, ...(init.headers as Record<string, string>) },
      })
    expect(await (await asVictim('/upload')).text()).toContain('Upload Your Files')
    expect((await asVictim(`/api/status/${jobId}`)).status).toBe(200)

    const out = await asVictim('/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signout' }),
    })
    expect(out.status).toBe(302)

    // The browser forgot the cookie; a copy (a shared machine, a stolen cookie) must not work either.
    expect(await (await asVictim('/upload')).text()).not.toContain('Upload Your Files')
    expect((await asVictim(`/api/status/${jobId}`)).status).toBe(401)
    const jobPage = await asVictim(`/jobs/${jobId}`)
    // Without a session the job page only explains how to reach a job (through /token-status), for any id.
    expect(jobPage.status).toBe(401)
    expect(await jobPage.text()).not.toContain('Processing Complete!')
    const form = new FormData()
    form.append('questionnaire', new Blob([new Uint8Array(questionnaireCsv())]), 'q.csv')
    const upload = await asVictim('/upload', { method: 'POST', body: form })
    expect(upload.status).toBe(401)
  })
})

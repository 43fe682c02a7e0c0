// Issue 16, finding 9 (its mail part): "the outbox keeps trial tokens in plaintext for up to 7 days when SMTP is
// unset or fails; ... mails log the recipient's address. The privacy page says tokens are kept only as hashes and
// logs hold no e-mail." Real servers (one without SMTP, one whose SMTP server refuses), real SMTP, the real CLI.
import { execFile } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkToken } from '../../app/access/tokens.server'
import { addressTag, TOKEN_PLACEHOLDER } from '../../app/mail/transport.server'
import { projectRoot } from '../../app/infra/project-root.server'
import { useTestDatabase } from '../setup/database'
import { startServer, type TestServer } from '../support/server'
import { decodeQuotedPrintable, startSmtpServer, tokenIn } from '../support/smtp'

const db = useTestDatabase()
let noSmtp: TestServer
let badSmtp: TestServer
let goodSmtp: TestServer
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  const env = { LOG_LEVEL: 'info' }
  ;[noSmtp, badSmtp, goodSmtp] = await Promise.all([
    startServer({ databaseUrl: db.url, worker: false, env }),
    startServer({ databaseUrl: db.url, worker: false, env: { ...env, SMTP_URL: 'smtp://127.0.0.1:1' } }),
    startServer({ databaseUrl: db.url, worker: false, env: { ...env, SMTP_URL: smtp.url } }),
  ])
})
afterAll(async () => {
  await Promise.all([noSmtp?.stop(), badSmtp?.stop(), goodSmtp?.stop()])
  await smtp?.close()
})

async function trial(server: TestServer, email: string) {
  const res = await fetch(`${server.url}/api/create-free-trial`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  expect(res.status).toBe(200)
}

const run = promisify(execFile)
async function outboxCli(args: string[]) {
  const { stdout, stderr } = await run(
    process.execPath,
    [path.join(projectRoot(), 'bin/qfill.js'), 'outbox', ...args],
    {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
      cwd: os.tmpdir(),
    },
  )
  return { stdout, stderr }
}

describe('the outbox', () => {
  it.each([
    ['SMTP is not set', () => noSmtp, 'nosmtp@acme.example', 'SMTP_URL is not set'],
    ['SMTP delivery fails', () => badSmtp, 'badsmtp@acme.example', 'SMTP delivery failed'],
  ])('keeps no token in the clear when %s; `qfill outbox --reveal` gives it back', async (_l, server, email, why) => {
    await trial(server(), email)
    const [row] = await db.sql<{ text_body: string; html_body: string; reason: string; token_sealed: Buffer }[]>`
      select text_body, html_body, reason, token_sealed from outbox where recipient = ${email}`
    expect(row!.reason).toContain(why)
    expect(row!.reason).not.toContain(email)
    for (const body of [row!.text_body, row!.html_body]) {
      expect(body).not.toMatch(/qf_[A-Za-z0-9_-]{20}/)
      expect(body).toContain(TOKEN_PLACEHOLDER)
    }
    expect(row!.token_sealed.byteLength).toBeGreaterThan(28)
    // The whole table, as a copy of the database would show it.
    expect(JSON.stringify(await db.sql`select * from outbox`)).not.toMatch(/qf_[A-Za-z0-9_-]{20}/)

    const shown = await outboxCli(['--to', email])
    expect(shown.stdout).toContain(TOKEN_PLACEHOLDER)
    expect(shown.stdout).not.toMatch(/qf_[A-Za-z0-9_-]{20}/)
    expect(shown.stderr).toContain('withheld above: run "qfill outbox --reveal"')

    const revealed = await outboxCli(['--to', email, '--reveal'])
    expect(revealed.stderr).toMatch(/Revealing the access tokens of 1 message \(--reveal\)/)
    const token = tokenIn(revealed.stdout)
    expect(revealed.stdout).toContain(`/upload?token=${token}`)
    expect(revealed.stdout).not.toContain(TOKEN_PLACEHOLDER)
    expect((await checkToken(db.sql, token, { purpose: 'upload' })).ok).toBe(true)
  })
})

describe('logs', () => {
  it('name a mail’s recipient by a keyed hash, never by the address, and never carry the token', async () => {
    await trial(goodSmtp, 'delivered@acme.example')
    const mail = decodeQuotedPrintable((await smtp.waitFor('delivered@acme.example')).raw)
    const token = tokenIn(mail) // SMTP carries the real token
    expect((await db.sql`select count(*)::int as n from outbox where recipient = 'delivered@acme.example'`)[0]!.n).toBe(
      0,
    )
    for (const [server, email] of [
      [goodSmtp, 'delivered@acme.example'],
      [noSmtp, 'nosmtp@acme.example'],
      [badSmtp, 'badsmtp@acme.example'],
    ] as const) {
      const output = server.output()
      expect(output).not.toMatch(/[\w.+-]+@acme\.example/)
      expect(output).not.toMatch(/qf_[A-Za-z0-9_-]{20}/)
      expect(output).toContain(`mail to ${addressTag(email)}`)
    }
    expect(goodSmtp.output()).not.toContain(token)
  })
})

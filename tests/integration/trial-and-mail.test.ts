import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkToken } from '../../app/access/tokens.server'
import { createFreeTrial, isPersonalEmail } from '../../app/access/trial.server'
import { resetEnvForTests } from '../../app/infra/env.server'
import { configureLog } from '../../app/infra/log.server'
import { addressTag, readOutbox, sendMail, TOKEN_PLACEHOLDER } from '../../app/mail/transport.server'
import { action as trialAction } from '../../app/routes/api.create-free-trial'
import { resetServices } from '../../app/infra/services.server'
import { useTestDatabase } from '../setup/database'
import { decodeQuotedPrintable, startSmtpServer, tokenIn } from '../support/smtp'

const db = useTestDatabase()
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp?.close()
  delete process.env.SMTP_URL
  delete process.env.PUBLIC_URL
})

type Args = Parameters<typeof trialAction>[0]
async function trial(body: unknown, contentType = 'application/json') {
  const request = new Request('http://qfill.test/api/create-free-trial', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': contentType },
  })
  const res = await trialAction({ request, params: {}, context: {} } as unknown as Args)
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

describe('the corporate e-mail rule', () => {
  it('refuses webmail and disposable domains (maintained lists), including subdomains, and accepts work domains', () => {
    for (const email of [
      'someone@gmail.com',
      'a@outlook.com',
      'b@yahoo.co.uk',
      'c@mailinator.com',
      'd@protonmail.com',
      'e@mail.gmail.com',
    ]) {
      expect(isPersonalEmail(email), email).toBe(true)
    }
    for (const email of ['sec@acme.example', 'ciso@example.com', 'it@university.edu'])
      expect(isPersonalEmail(email), email).toBe(false)
  })

  it('the API answers corporate_email_required with the spec wording, and 400 for a bad address', async () => {
    const res = await trial({ email: 'someone@gmail.com' })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('corporate_email_required')
    expect(res.body.error.message).toContain('Personal email domains')
    expect((await trial({ email: 'not-an-address' })).body.error.message).toBe(
      'email: Please enter a valid email address',
    )
    expect((await trial({})).body.error.message).toBe('email: Please enter your email address')
    expect((await trial('{nope')).status).toBe(400)
  })
})

describe('a free trial', () => {
  it('e-mails the token by SMTP (plain text and HTML), never returns it, and allows one trial per address', async () => {
    process.env.SMTP_URL = smtp.url
    process.env.PUBLIC_URL = 'https://qfill.example'
    resetEnvForTests()
    resetServices()
    const res = await trial({ email: 'Security@Acme.example' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      email: 'security@acme.example',
      message: 'Your trial token has been sent to security@acme.example.',
    })
    expect(JSON.stringify(res.body)).not.toMatch(/qf_/)

    const mail = await smtp.waitFor('security@acme.example')
    expect(mail.raw).toMatch(/^Subject: Your QFill access token \(Free Trial\)/m)
    expect(mail.raw).toContain('Content-Type: text/plain')
    expect(mail.raw).toContain('Content-Type: text/html')
    const token = tokenIn(mail.raw)
    // The link comes from PUBLIC_URL, not from the host the request named (qfill.test).
    expect(decodeQuotedPrintable(mail.raw)).toContain(`https://qfill.example/upload?token=${token}`)
    expect(mail.raw).not.toContain('qfill.test')
    const check = await checkToken(db.sql, token, { purpose: 'upload' })
    expect(check.ok && check.row).toMatchObject({ plan: 'trial', quota: 2, email: 'security@acme.example' })
    expect((await db.sql`select count(*)::int as n from outbox`)[0]!.n).toBe(0)

    const again = await trial({ email: 'security@acme.example' })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('trial_already_used')
  })

  it('without SMTP the message waits in the outbox, its token sealed; the log names neither address nor token', async () => {
    const logs: string[] = []
    process.env.LOG_LEVEL = 'warn'
    resetEnvForTests()
    configureLog({ stream: { write: (line) => logs.push(line) } }) // the logger's JSON lines, read here
    try {
      const result = await createFreeTrial(db.sql, {
        email: 'ops@initech.example',
        mail: { from: 'QFill <no-reply@qfill.local>' },
        baseUrl: 'http://x',
      })
      expect(result.ok && result.mail.delivered).toBe(false)
    } finally {
      process.env.LOG_LEVEL = 'error'
      resetEnvForTests()
      configureLog({ to: 'stdout' })
    }
    const [row] =
      await db.sql`select recipient, text_body, html_body, reason from outbox where recipient = 'ops@initech.example'`
    expect(row!.reason).toBe('SMTP_URL is not set')
    expect(row!.text_body).toContain(TOKEN_PLACEHOLDER)
    expect(row!.html_body).toContain(TOKEN_PLACEHOLDER)
    const [entry] = await readOutbox(db.sql, { to: 'ops@initech.example', reveal: true })
    const token = tokenIn(entry!.text)
    expect(logs.join('\n')).toContain(`mail to ${addressTag('ops@initech.example')}`)
    expect(logs.join('\n')).not.toContain('ops@initech.example')
    expect(logs.join('\n')).not.toContain(token)
  })

  it('an SMTP failure keeps the message in the outbox with the reason', async () => {
    const result = await sendMail(
      db.sql,
      { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.z' },
      { to: 'a@b.example', subject: 's', text: 't', html: '<p>t</p>' },
    )
    expect(result.delivered).toBe(false)
    expect(!result.delivered && result.reason).toMatch(/SMTP delivery failed/)
  })
})

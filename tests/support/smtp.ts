import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on loopback that keeps what it receives (no auth, no TLS: tests only). */
export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to: string, ms = 10_000): Promise<ReceivedMail> {
      const until = Date.now() + ms
      for (;;) {
        const mail = received.find((m) => m.to.includes(to))
        if (mail) return mail
        if (Date.now() > until) throw new Error(`no mail to ${to}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The quoted-printable-free text of a received message (nodemailer wraps long lines with soft breaks). */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
}

/** The access token in an e-mail we sent. */
export function tokenIn(raw: string): string {
  const match = /qf_[A-Za-z0-9_-]{43}/.exec(decodeQuotedPrintable(raw))
  if (!match) throw new Error(`no token in mail:\n${raw.slice(0, 2000)}`)
  return match[0]
}

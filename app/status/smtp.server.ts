import net from 'node:net'
import tls from 'node:tls'

export type SmtpProbe = { ok: true; ms: number; greeting: string } | { ok: false; ms: number; reason: string }

/**
 * Connects to the SMTP server of `smtpUrl`, reads its greeting, says EHLO and QUIT. Sends no mail and no
 * credentials. smtps:// (port 465 by default) speaks TLS from the start; smtp:// is plain on connect.
 */
export function probeSmtp(smtpUrl: string, timeoutMs = 2000): Promise<SmtpProbe> {
  const url = new URL(smtpUrl)
  const secure = url.protocol === 'smtps:'
  const port = Number(url.port) || (secure ? 465 : 587)
  const host = url.hostname
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    let buffer = ''
    let stage: 'greeting' | 'ehlo' = 'greeting'
    let greeting = ''
    const socket = secure ? tls.connect({ host, port, servername: host }) : net.connect({ host, port })
    const finish = (result: SmtpProbe) => {
      clearTimeout(timer)
      socket.removeAllListeners('data')
      socket.on('error', () => {})
      if (result.ok) socket.end('QUIT\r\n')
      else socket.destroy()
      resolve(result)
    }
    const timer = setTimeout(
      () => finish({ ok: false, ms: elapsed(), reason: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    )
    socket.setEncoding('utf8')
    socket.on('error', (e: NodeJS.ErrnoException) => finish({ ok: false, ms: elapsed(), reason: e.code ?? e.message }))
    socket.on('data', (chunk: string) => {
      buffer += chunk
      // A reply is complete when its last line has a space after the code ("250 ok", not "250-PIPELINING").
      const lines = buffer.split('\r\n')
      const last = lines.slice(0, -1).at(-1)
      if (!last || !/^\d{3} /.test(last)) return
      buffer = ''
      const code = Number(last.slice(0, 3))
      if (stage === 'greeting') {
        if (code !== 220) return finish({ ok: false, ms: elapsed(), reason: `greeting ${last}` })
        greeting = last.slice(4)
        stage = 'ehlo'
        socket.write('EHLO status.qfill\r\n')
      } else {
        if (code !== 250) return finish({ ok: false, ms: elapsed(), reason: `EHLO ${last}` })
        finish({ ok: true, ms: elapsed(), greeting })
      }
    })
  })
}

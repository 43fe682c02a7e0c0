// Runs inside the network namespace tests/support/netns.ts creates (plain JavaScript: no build step, no tsx).
// Two servers: a relay from this namespace's 127.0.0.1:<db port> to the test's Unix socket (the way to the
// test database, which lives outside), and the callback receiver on the namespace's public address, which
// appends each request it gets to a JSON-lines file and answers with the statuses planned for its path.
import { appendFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'

const { RELAY_SOCKET, RELAY_PORT, RECEIVER_HOST, RECEIVER_PORT, RECEIVER_LOG, RECEIVER_PLAN } = process.env
const plan = JSON.parse(RECEIVER_PLAN || '{}')

const relay = net.createServer((inbound) => {
  const outbound = net.connect(RELAY_SOCKET)
  inbound.pipe(outbound).pipe(inbound)
  const close = () => {
    inbound.destroy()
    outbound.destroy()
  }
  inbound.on('error', close)
  outbound.on('error', close)
})

const receiver = http.createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const path = new URL(req.url, 'http://x').pathname
    const status = plan[path]?.shift() ?? 204
    appendFileSync(
      RECEIVER_LOG,
      JSON.stringify({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered: status,
      }) + '\n',
    )
    res.writeHead(status).end()
  })
})

// Also on loopback: a callback wrongly sent to 127.0.0.1 would be recorded, not merely fail to connect.
const loopback = http.createServer(receiver.listeners('request')[0])

relay.listen(Number(RELAY_PORT), '127.0.0.1', () =>
  receiver.listen(Number(RECEIVER_PORT), RECEIVER_HOST, () =>
    loopback.listen(Number(RECEIVER_PORT), '127.0.0.1', () => console.log('netns-child ready')),
  ),
)

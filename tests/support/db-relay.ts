import net from 'node:net'

/**
 * Where a postgres URL really leads: the cluster's Unix socket when the URL names one (`?host=/dir`, how the
 * embedded cluster listens, ADR 028), else host and port over TCP.
 */
export function databaseTarget(databaseUrl: string): net.NetConnectOpts {
  const url = new URL(databaseUrl)
  const port = Number(url.port || 5432)
  const host = url.searchParams.get('host')
  return host?.startsWith('/') ? { path: `${host}/.s.PGSQL.${port}` } : { host: url.hostname, port }
}

/** Pipes every connection to `server` on to the database, for processes that cannot reach it themselves. */
export function relayTo(databaseUrl: string): net.Server {
  const target = databaseTarget(databaseUrl)
  const open = new Set<net.Socket>()
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target)
    for (const socket of [inbound, outbound]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
    }
    inbound.pipe(outbound).pipe(inbound)
    inbound.on('error', () => outbound.destroy())
    outbound.on('error', () => inbound.destroy())
  })
  // Closing the relay ends the connections through it too, so a child that never hung up cannot hold it open.
  const close = server.close.bind(server)
  server.close = (callback) => {
    for (const socket of open) socket.destroy()
    return close(callback)
  }
  return server
}

/**
 * A loopback TCP port in front of the test database, for a child whose sandbox cannot open the cluster's socket
 * (Deno's --allow-read covers the project folder, not the test cluster's temporary one). Same user, same
 * password: only the transport differs.
 */
export async function tcpRelay(databaseUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = relayTo(databaseUrl)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as net.AddressInfo).port)
  url.searchParams.delete('host')
  return { url: url.toString(), close: () => new Promise((resolve) => server.close(() => resolve())) }
}

import { blocklist } from './content-check.server'
import type { ScanReply, ScanRequest } from './scan-pool.server'
import { ArchiveScanner } from './archive-scan'

/**
 * The upload scan process: runs the zip scans of every upload of the web process that started it, outside that
 * process (its memory and CPU are not the web server's; it runs at a lower priority). Each upload's file is a
 * session; its bytes arrive as they are received, and each message is acknowledged once scanned, which is how the
 * upload waits when the scan falls behind. Above its memory allowance it stops, and the uploads it was scanning are
 * refused as not checked.
 */
const sessions = new Map<number, ArchiveScanner>()
const memoryLimit = Number(process.env.QFILL_SCAN_MEMORY_MB ?? 256) * 1024 * 1024

const reply = (message: ScanReply) => process.send!(message)

// The web process that started this one is gone: nothing left to scan for.
process.once('disconnect', () => process.exit(0))

process.on('message', (message: ScanRequest) => {
  try {
    if (message.type === 'open') sessions.set(message.id, new ArchiveScanner(message.name, blocklist()))
    else if (message.type === 'data') {
      sessions.get(message.id)?.push(message.bytes)
      reply({ type: 'ack', id: message.id, bytes: message.bytes.byteLength })
    } else if (message.type === 'end') {
      const problem = sessions.get(message.id)?.end() ?? null
      sessions.delete(message.id)
      reply({ type: 'result', id: message.id, problem })
    } else sessions.delete(message.id)
  } catch (error) {
    sessions.delete(message.id)
    reply({ type: 'failed', id: message.id, message: (error as Error).message })
  }
  if (process.memoryUsage.rss() > memoryLimit) process.exit(3)
})

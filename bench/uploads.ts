/**
 * `npm run bench:uploads`: issue 16 #3, measured. Four concurrent uploads, each a questionnaire and ten 17 MB .xlsx
 * evidence files (170 MB per upload), against the production build (`qfill serve`, no worker, so only the web
 * process is measured), while one client polls GET /api/status ten times a second. Two runs: all four uploads
 * with one trial token (one job at a time: three are refused before their body is read), then with one
 * Professional token (three stream at once, the fourth is refused as a fourth upload in flight). Prints, per run,
 * each upload's answer, the web process's resident memory growth over its idle baseline, and status latency.
 * Targets: web RSS growth < 150 MB, status p99 < 100 ms. Timed figures belong here, not in tests: on a loaded
 * machine they measure the machine.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { zipSync, strToU8 } from 'fflate'
import { productionSetting, rss, startQfill } from './processes'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const UPLOADS = 4
const FILES = 10
const FILE_MB = 17

/** A real-looking .xlsx of about `mb` MB: one sheet of text cells that deflate about as office files do. */
function bigXlsx(mb: number): Uint8Array<ArrayBuffer> {
  const rows: string[] = []
  let size = 0
  for (let r = 1; size < mb * 1024 * 1024 * 3.9; r++) {
    const cells = [0, 1, 2, 3]
      .map((c) => `<c r="${'ABCD'[c]}${r}" t="inlineStr"><is><t>${randomBytes(12).toString('base64')}</t></is></c>`)
      .join('')
    const row = `<row r="${r}">${cells}</row>`
    rows.push(row)
    size += row.length
  }
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
  const zipped = zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook ${ns}><sheets><sheet name="Data" sheetId="1"/></sheets></workbook>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0"?><worksheet ${ns}><sheetData>${rows.join('')}</sheetData></worksheet>`,
    ),
  })
  return new Uint8Array(zipped)
}

const questionnaireCsv = () =>
  new TextEncoder().encode('ID,Question,Answer\nQ1,"Do you encrypt customer data at rest?",\n')

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The resident memory of a process's children (the web process's upload scanner). */
function childrenRss(pid: number): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]) === pid)
        total += rss(Number(entry))
    } catch {
      // gone
    }
  }
  return total
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`

/** Status latency with no upload running, for comparison on the same (possibly busy) machine. */
async function control(url: string, seconds: number) {
  const latencies: number[] = []
  const until = Date.now() + seconds * 1000
  for (let n = 0; Date.now() < until; n++) {
    const t = performance.now()
    await (
      await fetch(`${url}/api/status`, { headers: { 'x-forwarded-for': `10.7.${(n >> 8) & 255}.${n & 255}` } })
    ).arrayBuffer()
    latencies.push(performance.now() - t)
    await new Promise((r) => setTimeout(r, 100))
  }
  const sorted = latencies.sort((a, b) => a - b)
  console.log(
    `\nno upload (control, ${seconds} s): /api/status ${sorted.length} polls, p50/p95/p99 ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms`,
  )
}

async function run(url: string, pid: number, token: string, label: string, evidence: Uint8Array<ArrayBuffer>) {
  await new Promise((r) => setTimeout(r, 3000)) // let the previous run's garbage go
  const baseline = rss(pid)
  const cpuBefore = cpuSeconds(pid)
  let peak = baseline
  let scannerPeak = 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid))
    scannerPeak = Math.max(scannerPeak, childrenRss(pid))
  }, 50)
  const latencies: number[] = []
  let polling = true
  const poller = (async () => {
    for (let n = 0; polling; n++) {
      const t = performance.now()
      const res = await fetch(`${url}/api/status`, {
        headers: { 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` },
      })
      await res.arrayBuffer()
      latencies.push(performance.now() - t)
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  const started = performance.now()
  const outcomes = await Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) => {
      const form = new FormData()
      form.append('questionnaire', new Blob([questionnaireCsv()]), `vendor-${i}.csv`)
      for (let f = 0; f < FILES; f++) form.append('evidence', new Blob([evidence]), `evidence-${f}.xlsx`)
      const t = performance.now()
      const took = () => `${((performance.now() - t) / 1000).toFixed(1)} s`
      try {
        const res = await fetch(`${url}/api/fill`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.8.0.${i}` },
        })
        const body = (await res.json()) as { error?: { code: string } }
        return `${res.status}${body.error ? ` ${body.error.code}` : ''} in ${took()}`
      } catch (error) {
        // A refusal answered after 1 MB: the server closes the connection while this client still sends (EPIPE).
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
        return `closed early (${cause}) in ${took()}`
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpu = cpuSeconds(pid) - cpuBefore
  polling = false
  await poller
  clearInterval(sampler)
  const sorted = [...latencies].sort((a, b) => a - b)
  console.log(
    `\n${label}: ${UPLOADS} concurrent uploads of ${FILES} x ${FILE_MB} MB .xlsx evidence, ${seconds.toFixed(1)} s`,
  )
  console.log(`  answers:             ${outcomes.join('; ')}`)
  console.log(
    `  web RSS:             ${mb(baseline)} idle, ${mb(peak)} peak: growth ${mb(peak - baseline)} (target < 150 MB)`,
  )
  console.log(`  web CPU:             ${cpu.toFixed(1)} s over ${seconds.toFixed(1)} s`)
  console.log(`  upload scanner RSS:  ${mb(scannerPeak)} peak (its own process, niced; not the web server's)`)
  console.log(
    `  /api/status:         ${sorted.length} polls, p50/p95/p99 ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms (target p99 < 100 ms)`,
  )
  return peak - baseline < 150 * 1024 * 1024 && percentile(sorted, 99) < 100
}

async function main() {
  const setting = await productionSetting('uploads')
  const env: NodeJS.ProcessEnv = { ...setting.env, RUN_WORKER: 'false' }
  const port = setting.port
  const evidence = bigXlsx(FILE_MB)
  console.log(
    `evidence file: ${(evidence.byteLength / 1024 / 1024).toFixed(1)} MB .xlsx; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
  )
  const web = await startQfill(['serve'], env, /QFill is running on/)
  const mint = (plan: string) =>
    spawnSync(process.execPath, [path.join(ROOT, 'bin/qfill.js'), 'token', 'create', '--plan', plan], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    }).stdout.trim()
  const url = `http://127.0.0.1:${port}`
  await fetch(`${url}/api/status`) // warm up
  await control(url, 30)
  let ok = await run(url, web.pid!, mint('trial'), 'one trial token', evidence)
  ok = (await run(url, web.pid!, mint('pro'), 'one Professional token', evidence)) && ok
  web.kill('SIGTERM')
  await new Promise((r) => web.once('exit', r))
  await setting.stop()
  process.exit(ok ? 0 : 1)
}

await main()

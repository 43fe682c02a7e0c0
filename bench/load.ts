/**
 * `npm run bench:load`: 15 concurrent HECVAT-sized jobs (about 300 questions, 3 PDFs of policy text each) plus 100
 * clients polling job status every 3 s for 60 s, on loopback, against the production build: a web process
 * (`qfill serve`, RUN_WORKER=false) and a worker process (`qfill worker`) sharing an embedded Postgres in a
 * temporary data folder, started here and passed as DATABASE_URL (production refuses to run without one). Prints errors, status latency p50/p95/p99, time until every job completed, and the
 * peak resident memory of the web process and of the worker (with its job child processes).
 * Targets (issue 11): 0 errors, status p99 < 100 ms, web RSS < 500 MB.
 *
 * Two more knobs (issue 16, finding 5): LOAD_SHAPE=in-process runs the worker inside the web process, as
 * `qfill serve` and Fly's web machines do by default (web RSS then counts the web process alone, and the "worker"
 * figure its job child processes); LOAD_FILES=real uploads the blank HECVAT 4.1.4 and three of the evaluation set's
 * PDFs (read in place from ../shared/data/eval) instead of generated files.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { jsPDF } from 'jspdf'
import { productionSetting, rss, startQfill } from './processes'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const JOBS = Number(process.env.LOAD_JOBS ?? 15)
const POLLERS = Number(process.env.LOAD_POLLERS ?? 100)
const POLL_MS = 3000
const DURATION_MS = Number(process.env.LOAD_SECONDS ?? 60) * 1000
const SHAPE = process.env.LOAD_SHAPE === 'in-process' ? 'in-process' : 'separate'
const REAL_FILES = process.env.LOAD_FILES === 'real'

const TOPICS = [
  [
    'encrypt',
    'customer data at rest using AES-256',
    'Customer data is encrypted at rest with AES-256 on every database and backup.',
  ],
  [
    'require',
    'multi-factor authentication for administrative access',
    'All administrative access requires multi-factor authentication.',
  ],
  [
    'log',
    'security events centrally and retain the logs for one year',
    'Security events are logged centrally and retained for one year.',
  ],
  [
    'perform',
    'annual penetration tests by an independent firm',
    'An independent firm performs a penetration test every year.',
  ],
  [
    'maintain',
    'a documented incident response plan',
    'A documented incident response plan is maintained and tested annually.',
  ],
  ['review', 'user access rights every quarter', 'User access rights are reviewed every quarter by system owners.'],
  ['back up', 'production data daily to a separate region', 'Production data is backed up daily to a separate region.'],
  [
    'train',
    'all employees in security awareness every year',
    'All employees complete security awareness training every year.',
  ],
  [
    'scan',
    'systems for vulnerabilities every month',
    'Systems are scanned for vulnerabilities monthly and findings are tracked.',
  ],
  ['use', 'TLS 1.2 or later for data in transit', 'Data in transit is protected with TLS 1.2 or later.'],
] as const

function questionnaireCsv(count: number): Uint8Array<ArrayBuffer> {
  const lines = ['ID,Question,Answer,Comments']
  for (let i = 0; i < count; i++) {
    const [verb, object] = TOPICS[i % TOPICS.length]!
    lines.push(`Q-${i + 1},"Do you ${verb} ${object} (item ${i + 1})?",,`)
  }
  return new TextEncoder().encode(lines.join('\r\n')) as Uint8Array<ArrayBuffer>
}

function policyPdf(n: number): Uint8Array<ArrayBuffer> {
  const doc = new jsPDF()
  for (let page = 0; page < 8; page++) {
    if (page) doc.addPage()
    const text = TOPICS.map(([, , sentence], i) => `${n}.${page}.${i} ${sentence}`).join('\n\n')
    doc.text(doc.splitTextToSize(text, 180), 15, 20)
  }
  return new Uint8Array(doc.output('arraybuffer'))
}

/** A process and every descendant (the worker's job child processes). */
function treeRss(pid: number): number {
  let total = rss(pid)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1])
      if (ppid === pid) total += treeRss(Number(entry))
    } catch {
      // gone
    }
  }
  return total
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function main() {
  const setting = await productionSetting('load')
  const env = setting.env
  const port = setting.port
  if (!readdirSync(path.join(ROOT, 'build')).length) throw new Error('run "npm run build" first')
  const inProcess = SHAPE === 'in-process'
  const web = await startQfill(['serve'], { ...env, RUN_WORKER: inProcess ? 'true' : 'false' }, /QFill is running on/)
  const worker = inProcess ? web : await startQfill(['worker'], { ...env, LOG_LEVEL: 'info' }, /looking for jobs/)
  const token = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bin/qfill.js'), 'token', 'create', '--plan', 'pro', '--quota', 'unlimited'],
    { cwd: ROOT, env, encoding: 'utf8' },
  ).stdout.trim()
  if (!token) throw new Error('could not create a token')
  const url = `http://127.0.0.1:${port}`
  const auth = { authorization: `Bearer ${token}` }

  let peakWeb = 0
  let peakWorker = 0
  const sampler = setInterval(() => {
    peakWeb = Math.max(peakWeb, rss(web.pid!))
    // In process, the worker's part is the job child processes under the web process.
    peakWorker = Math.max(peakWorker, inProcess ? treeRss(web.pid!) - rss(web.pid!) : treeRss(worker.pid!))
  }, 200)

  const files = REAL_FILES ? realFiles() : null
  const questionnaire = files?.questionnaire ?? questionnaireCsv(300)
  const questionnaireName = REAL_FILES ? 'hecvat.xlsx' : 'hecvat.csv'
  const pdfs = files?.pdfs ?? [1, 2, 3].map(policyPdf)
  let errors = 0
  const errorSamples: string[] = []
  const fail = (what: string) => {
    errors++
    if (errorSamples.length < 5) errorSamples.push(what)
  }
  const started = Date.now()
  const jobIds: string[] = []
  let retries = 0
  await Promise.all(
    Array.from({ length: JOBS }, async (_, i) => {
      const form = new FormData()
      form.append('questionnaire', new Blob([new Uint8Array(questionnaire)]), `${i}-${questionnaireName}`)
      pdfs.forEach((pdf, n) => form.append('evidence', new Blob([new Uint8Array(pdf)]), `policy-${n + 1}.pdf`))
      // One token sends them all, as an API client would: with an Idempotency-Key, sending again after a 429
      // (at most 3 uploads are received at once per token; Retry-After says when) or after the connection was
      // closed under it (a refused upload is not read to its end).
      const headers = { ...auth, 'idempotency-key': `load-${i}-${started}` }
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await fetch(`${url}/api/fill`, { method: 'POST', body: form, headers })
          const body = (await res.json()) as { jobId?: string }
          if (res.status === 429 && attempt < 60) {
            retries++
            await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 10) * 1000))
            continue
          }
          if (res.status !== 202 || !body.jobId) fail(`upload ${res.status}`)
          else jobIds.push(body.jobId)
        } catch (error) {
          if (attempt < 60) {
            retries++
            await new Promise((r) => setTimeout(r, 10_000))
            continue
          }
          fail(`upload: ${(error as Error).message}`)
        }
        break
      }
    }),
  )

  const latencies: number[] = []
  const done = new Map<string, number>()
  // Each poller is one browser tab on one job from its own address (the server trusts X-Forwarded-For here, as
  // behind Fly's proxy), so the per-client rate limits apply as they would to 100 real users.
  const pollOnce = async (n: number, client: string) => {
    const jobId = jobIds[n % jobIds.length]!
    const t = performance.now()
    try {
      const res = await fetch(`${url}/api/status/${jobId}`, { headers: { ...auth, 'x-forwarded-for': client } })
      const body = (await res.json()) as { status?: string }
      latencies.push(performance.now() - t)
      if (res.status !== 200) fail(`status ${res.status}`)
      else if (body.status === 'failed') fail(`job ${jobId} failed`)
      else if (body.status === 'completed' && !done.has(jobId)) done.set(jobId, Date.now() - started)
    } catch (error) {
      fail(`status: ${(error as Error).message}`)
    }
  }
  const until = Date.now() + DURATION_MS
  await Promise.all(
    Array.from({ length: POLLERS }, async (_, n) => {
      await new Promise((r) => setTimeout(r, (n * POLL_MS) / POLLERS)) // spread the pollers over the interval
      for (let k = 0; Date.now() < until; k++) {
        const t = Date.now()
        await pollOnce(n, `10.1.${n >> 8}.${n & 255}`)
        await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - (Date.now() - t))))
      }
    }),
  )
  // Jobs still running after the polling window: wait for them (up to 5 more minutes) to time the whole batch.
  const deadline = Date.now() + 5 * 60_000
  while (done.size < jobIds.length && Date.now() < deadline) {
    for (const jobId of jobIds.filter((j) => !done.has(j))) await pollOnce(jobIds.indexOf(jobId), '10.2.0.1')
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
  clearInterval(sampler)
  const sorted = [...latencies].sort((a, b) => a - b)
  const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`
  const allDone = done.size === jobIds.length && jobIds.length === JOBS
  console.log(
    `load benchmark (${SHAPE === 'in-process' ? 'worker inside the web process' : 'separate worker process'}): ${JOBS} jobs (${REAL_FILES ? 'the blank HECVAT 4.1.4 and 3 evaluation PDFs' : '300 questions, 3 PDFs'} each), ${POLLERS} pollers every ${POLL_MS / 1000} s for ${DURATION_MS / 1000} s, loopback, ${os.cpus().length} CPUs`,
  )
  console.log(`errors:               ${errors}${errorSamples.length ? ` (${errorSamples.join('; ')})` : ''}`)
  console.log(`uploads sent again:   ${retries} (after a 429 or a closed connection)`)
  console.log(`status requests:      ${latencies.length}`)
  console.log(
    `status p50/p95/p99:   ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms (target p99 < 100 ms)`,
  )
  console.log(
    `all jobs completed:   ${allDone ? `${(Math.max(...done.values()) / 1000).toFixed(1)} s after the first upload` : `NO (${done.size} of ${JOBS})`}`,
  )
  console.log(`peak RSS web:         ${mb(peakWeb)} (target < 500 MB)`)
  console.log(
    `peak RSS worker:      ${mb(peakWorker)} (${inProcess ? 'the job child processes of the web process' : 'worker process with its job child processes'})`,
  )

  if (!inProcess) {
    worker.kill('SIGTERM')
    await new Promise((r) => worker.once('exit', r))
  }
  web.kill('SIGTERM')
  await new Promise((r) => web.once('exit', r))
  await setting.stop()
  const ok = errors === 0 && allDone && percentile(sorted, 99) < 100 && peakWeb < 500 * 1024 * 1024
  process.exit(ok ? 0 : 1)
}

/** The blank HECVAT 4.1.4 and three evaluation PDFs, read in place (never copied into the project). */
function realFiles(): { questionnaire: Uint8Array; pdfs: Uint8Array[] } {
  const eval_ = path.resolve(ROOT, '../shared/data/eval')
  try {
    return {
      questionnaire: readFileSync(path.join(eval_, 'hecvat/HECVAT_v4.1.4_blank.xlsx')),
      pdfs: [
        'Canvas_LMS_Architecture.pdf',
        'Instructure_Security_Overview_2024-12.pdf',
        'Canvas_LMS_and_Studio_SOC3.pdf',
      ].map((name) => readFileSync(path.join(eval_, 'instructure/evidence', name))),
    }
  } catch {
    console.log(`skipped: LOAD_FILES=real needs ${eval_} (the evaluation data), which is not here`)
    process.exit(0)
  }
}

await main()

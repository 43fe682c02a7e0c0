import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../app/access/tokens.server'
import { useTestDatabase } from '../setup/database'
import { evidenceMd } from '../support/files'
import { startServer, type TestServer } from '../support/server'

/**
 * File names stay out of what a failed job leaves behind (issue 16 #9): the jobs table stores an error code and
 * parameters, the worker's log names the job by id, and only the owner's own status and job page put the file's
 * name back into the message they show.
 */
const db = useTestDatabase()
let server: TestServer
let token: string

const QUESTIONNAIRE = 'Zephyrine-Confidential-Vendor-Review.xls'
const EVIDENCE = 'Quillon-Internal-Policy.md'

/** A legacy Office header (so the upload's content check passes) over bytes no reader can make a workbook of. */
function brokenXls(): Uint8Array {
  const bytes = new Uint8Array(4096).fill(0x41)
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  return bytes
}

beforeAll(async () => {
  server = await startServer({ databaseUrl: db.url, env: { LOG_LEVEL: 'debug' } })
  token = (await createToken(db.sql, { plan: 'pro' })).token
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

describe('a failed job', () => {
  it("keeps the file's name out of its row's error and out of the log; its owner still reads it", async () => {
    const form = new FormData()
    form.append('questionnaire', new Blob([new Uint8Array(brokenXls())]), QUESTIONNAIRE)
    form.append('evidence', new Blob([new Uint8Array(evidenceMd())]), EVIDENCE)
    const res = await fetch(`${server.url}/api/fill`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }
    let status: { status: string; error: string | null } = { status: 'processing', error: null }
    const until = Date.now() + 60_000
    while (status.status === 'processing' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250))
      status = (await (
        await fetch(`${server.url}/api/status/${jobId}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as typeof status
    }
    expect(status.status).toBe('failed')
    // The owner's answer names the file: the message is built from the stored code and the name the row keeps.
    expect(status.error).toContain(QUESTIONNAIRE)
    console.log('STATUS', status.error)

    const [row] = await db.sql<{ code: string; params: unknown; text: string }[]>`
      select error_code as code, error_params as params, row_to_json(j)::text as text from jobs j where id = ${jobId}`
    expect(row!.code).toBe('questionnaire_unreadable')
    expect(JSON.stringify(row!.params)).toContain('{questionnaire}')
    // The only column that holds the name is the one that is the name (cleared by the purge).
    const withoutName = row!.text.replace(`"questionnaire_name":"${QUESTIONNAIRE}"`, '')
    for (const name of [QUESTIONNAIRE, EVIDENCE, 'Zephyrine', 'Quillon']) expect(withoutName).not.toContain(name)

    // The worker logged the failure, by job id, without either name.
    await new Promise((r) => setTimeout(r, 500))
    const log = server.output()
    console.log(
      'LOG',
      log
        .split('\n')
        .filter((l) => l.includes(jobId))
        .join('\n'),
    )
    const failure = log.split('\n').filter((l) => l.includes(`job ${jobId}`) && l.includes('questionnaire_unreadable'))
    expect(failure).toHaveLength(1)
    expect(failure[0]).toContain('{questionnaire} could not be read')
    for (const name of ['Zephyrine', 'Quillon']) expect(log).not.toContain(name)
  }, 120_000)
})

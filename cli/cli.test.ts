import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { checkToken } from '../app/access/tokens.server'
import { freePort } from '../app/database/embedded.server'
import { normalizeText } from '../app/evidence/text'
import { projectRoot } from '../app/infra/project-root.server'
import { useTestDatabase } from '../tests/setup/database'
import { EVIDENCE_MD, QUESTIONS, questionnaireCsv, readSheet } from '../tests/support/files'

const run = promisify(execFile)
const qfill = path.join(projectRoot(), 'bin/qfill.js')

async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [qfill, ...args], {
      env: { ...process.env, ...env },
      cwd: os.tmpdir(),
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('qfill answer', () => {
  it('fills a CSV from markdown evidence with no server and no database, writing the three files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'vendor.csv'), questionnaireCsv())
    writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
    const out = path.join(dir, 'out')
    // No DATABASE_URL: the command must not need one.
    const res = await cli(
      ['answer', path.join(dir, 'vendor.csv'), '--evidence', path.join(dir, 'policy.md'), '--out', out],
      { DATABASE_URL: '' },
    )
    expect(res.stderr).not.toMatch(/error/i)
    expect(res.code).toBe(0)
    expect(res.stdout).toContain(`wrote ${path.join(out, 'vendor.completed.xlsx')}`)

    const answers = JSON.parse(readFileSync(path.join(out, 'vendor.answers.json'), 'utf8'))
    expect(Object.keys(answers)).toEqual(['questionnaire', 'engine', 'summary', 'questions'])
    expect(answers.questions).toHaveLength(QUESTIONS.length)
    for (const q of answers.questions) {
      expect(Object.keys(q)).toEqual([
        'id',
        'sheet',
        'row',
        'question',
        'answer',
        'cellValue',
        'comment',
        'confidence',
        'flagged',
        'reason',
        'citations',
        'rule',
      ])
      expect(q.confidence).toBeGreaterThanOrEqual(0)
      expect(q.confidence).toBeLessThanOrEqual(1)
      // Every citation is verbatim text of the evidence file it names.
      for (const c of q.citations) {
        expect(c.file).toBe('policy.md')
        expect(normalizeText(EVIDENCE_MD)).toContain(normalizeText(c.quote))
      }
      if (q.citations.length === 0) expect(q.flagged).toBe(true)
    }
    expect(answers.questions.some((q: { citations: unknown[] }) => q.citations.length > 0)).toBe(true)

    const completed = readSheet(readFileSync(path.join(out, 'vendor.completed.xlsx')), '_SUMMARY')
    expect(completed.flat().join(' ')).toContain('AC-1')
    expect(readFileSync(path.join(out, 'vendor.summary.pdf')).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('says what is wrong with a bad questionnaire and exits non-zero', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'broken.xlsx'), 'not a workbook')
    const res = await cli(['answer', path.join(dir, 'broken.xlsx'), '--out', dir])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/broken\.xlsx is not really a \.xlsx file/)
  })

  it('reports a missing file and a missing argument as usage errors', async () => {
    expect((await cli(['answer', '/nope/missing.csv'])).stderr).toMatch(/cannot read \/nope\/missing\.csv: ENOENT/)
    const res = await cli(['answer'])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/at least one questionnaire/)
    const engine = await cli(['answer', '/nope/missing.csv', '--engine', 'gpt'])
    expect(engine.code).toBe(2)
    expect(engine.stderr).toMatch(/--engine must be one of auto, offline, gemini, openai/)
    const unconfigured = await cli(['answer', '/nope/missing.csv', '--engine', 'gemini'], { GEMINI_API_KEY: '' })
    expect(unconfigured.code).toBe(2)
    expect(unconfigured.stderr).toMatch(/GEMINI_API_KEY is required when ANSWER_ENGINE=gemini/)
  })

  it('answers several questionnaires from evidence read once, prints answers.json with --json, plain progress off a terminal', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'first.csv'), questionnaireCsv())
    writeFileSync(path.join(dir, 'second.csv'), questionnaireCsv())
    writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
    const out = path.join(dir, 'out')
    const args = [
      'answer',
      path.join(dir, 'first.csv'),
      path.join(dir, 'second.csv'),
      '-e',
      path.join(dir, 'policy.md'),
      '-o',
      out,
      '--json',
      '--engine',
      'offline',
    ]
    const res = await cli(args)
    expect(res.code).toBe(0)
    const printed = JSON.parse(res.stdout) as { questionnaire: string; questions: unknown[] }[]
    expect(printed.map((a) => a.questionnaire)).toEqual(['first.csv', 'second.csv'])
    expect(printed[0]!.questions).toHaveLength(QUESTIONS.length)
    expect(JSON.parse(readFileSync(path.join(out, 'second.answers.json'), 'utf8'))).toEqual(printed[1])
    expect(res.stderr.match(/reading 1 evidence file\n/g)).toHaveLength(1)
    expect(res.stderr).toMatch(/first: answering \d+\/\d+/)
    expect(res.stderr).toContain(`wrote ${path.join(out, 'second.summary.pdf')}`)
    expect(res.stderr).not.toMatch(/\u001b\[/) // no bar, no escape codes when stderr is not a terminal

    const one = await cli(['answer', path.join(dir, 'first.csv'), '-o', out, '--json', '--quiet'])
    expect(JSON.parse(one.stdout).questionnaire).toBe('first.csv')
    expect(one.stderr).toBe('')
  })

  it('goes on with the other questionnaires when one is bad, and exits 2', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'broken.xlsx'), 'not a workbook')
    writeFileSync(path.join(dir, 'good.csv'), questionnaireCsv())
    const res = await cli(['answer', path.join(dir, 'broken.xlsx'), path.join(dir, 'good.csv'), '-o', dir])
    expect(res.code).toBe(2)
    expect(res.stdout).toContain(`wrote ${path.join(dir, 'good.completed.xlsx')}`)
  })

  it('says why it exits 2 even with --quiet, and how to pass a policy given as a questionnaire', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'vendor.csv'), questionnaireCsv())
    writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
    const res = await cli(['answer', path.join(dir, 'vendor.csv'), path.join(dir, 'policy.md'), '-o', dir, '-q'])
    expect(res.code).toBe(2)
    expect(res.stderr).toBe(
      'qfill: policy.md: questionnaires must be .xlsx, .xls, .csv or .docx files. To read it as evidence, pass it with -e.\n',
    )
    const loud = await cli(['answer', path.join(dir, 'vendor.csv'), '-o', dir])
    expect(loud.code).toBe(0)
    expect(loud.stderr).toMatch(/^no evidence files given \(-e FILE, or -l FILE for earlier answers\)/)
  })

  it('exits 3 when the AI provider keeps failing, still writing the files with those questions flagged', async () => {
    // A real HTTP server on loopback standing in for an OpenAI-compatible endpoint that refuses every call (the CLI
    // runs in its own process, out of MSW's reach).
    let calls = 0
    const provider = createServer((_req, res) => {
      calls++
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: 'invalid api key' } }))
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = provider.address() as AddressInfo
      const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
      writeFileSync(path.join(dir, 'vendor.csv'), questionnaireCsv())
      writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
      const res = await cli(
        ['answer', path.join(dir, 'vendor.csv'), '-e', path.join(dir, 'policy.md'), '-o', dir, '--engine', 'openai'],
        {
          DATABASE_URL: '',
          OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
          OPENAI_API_KEY: 'wrong',
          OPENAI_MODEL: 'any-model',
        },
      )
      expect(calls).toBeGreaterThan(0)
      expect(res.code).toBe(3)
      expect(res.stderr).toMatch(/the openai-compatible \(any-model\) engine failed on \d+ batch(es)? of vendor\.csv/)
      const answers = JSON.parse(readFileSync(path.join(dir, 'vendor.answers.json'), 'utf8'))
      expect(answers.questions).toHaveLength(QUESTIONS.length)
      for (const q of answers.questions) expect(q.flagged).toBe(true)
    } finally {
      provider.close()
    }
  })
})

describe('qfill answer: stdout and arguments', () => {
  it('keeps stdout to the JSON when the AI provider cannot be reached: retries on stderr, exit 3', async () => {
    // Nothing listens on this port: every call fails to connect and is retried (with back-off) before the
    // questions are answered offline and flagged. The engine reports each retry through the logger.
    const port = await freePort()
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qfill-cli-'))
    writeFileSync(path.join(dir, 'vendor.csv'), questionnaireCsv())
    writeFileSync(path.join(dir, 'policy.md'), EVIDENCE_MD)
    const res = await cli(
      ['answer', path.join(dir, 'vendor.csv'), '-e', path.join(dir, 'policy.md'), '-o', dir, '--json'],
      {
        ANSWER_ENGINE: 'openai',
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        OPENAI_MODEL: 'any-model',
        LOG_LEVEL: 'info',
      },
    )
    expect(res.code).toBe(3)
    const printed = JSON.parse(res.stdout) as { questionnaire: string; questions: { flagged: boolean }[] }
    expect(printed.questionnaire).toBe('vendor.csv')
    expect(printed.questions).toHaveLength(QUESTIONS.length)
    expect(res.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 .*; retry 1 in \d+ ms/)
    expect(res.stderr).toMatch(/qfill: warning: openai-compatible \(any-model\): batch of \d+ failed/)
  })

  it('refuses an unknown option or a missing value with a usage line and exit 2, no stack trace', async () => {
    for (const args of [
      ['answer', 'vendor.csv', '--evidense', 'policy.md'],
      ['answer', 'vendor.csv', '--out'],
      ['apply', 'vendor.csv', '--answer', 'x.json'],
      ['token', 'create', '--plann', 'pro'],
    ]) {
      const res = await cli(args, { DATABASE_URL: '' })
      expect(res.code, args.join(' ')).toBe(2)
      expect(res.stderr).toMatch(/^qfill: (unknown option --\w+|--out needs a value)\nusage: qfill \w+ /)
      expect(res.stderr).toContain(`(run "qfill ${args[0]} --help" for its options)`)
      expect(res.stderr).not.toMatch(/\n\s+at /)
    }
    // A server command says it as a log line, on stderr.
    const serve = await cli(['serve', '--port', '80'])
    expect(serve.code).toBe(2)
    expect(JSON.parse(serve.stderr.trim())).toMatchObject({
      level: 'error',
      msg: expect.stringMatching(/unknown option --port\nusage: qfill serve \[--dev\]/),
    })
    expect(serve.stdout).toBe('')
  })

  it('refuses more than ten evidence and library files in all, before reading any', async () => {
    const evidence = Array.from({ length: 8 }, (_, i) => ['-e', `/nope/evidence-${i}.pdf`]).flat()
    const library = Array.from({ length: 3 }, (_, i) => ['--library', `/nope/earlier-${i}.xlsx`]).flat()
    const res = await cli(['answer', '/nope/vendor.csv', ...evidence, ...library])
    expect(res.code).toBe(2)
    expect(res.stderr).toBe(
      'qfill: 11 evidence and library files were given; at most 10 are read in all, as for an upload. Leave some out, or put several documents into one .zip (it counts as one file).\n',
    )
    const ten = await cli(['answer', '/nope/vendor.csv', ...evidence, ...library.slice(0, 4)])
    expect(ten.stderr).toMatch(/cannot read \/nope\/vendor\.csv: ENOENT/)
  })
})

describe('production and Fly.io without DATABASE_URL', () => {
  it('every command that needs a database refuses, saying to attach Postgres, and starts no embedded one', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qfill-prod-'))
    const secrets = {
      SESSION_SECRET: 'x'.repeat(40),
      FILE_ENCRYPTION_KEY: '0'.repeat(64),
      PUBLIC_URL: 'https://qfill.example.com',
    }
    for (const [env, where] of [
      [{ NODE_ENV: 'production' }, /in production \(NODE_ENV=production\)/],
      [{ FLY_APP_NAME: 'qfill-test' }, /on Fly\.io \(FLY_APP_NAME=qfill-test\)/],
    ] as const) {
      for (const args of [['db', 'migrate'], ['serve'], ['worker'], ['token', 'list'], ['outbox']]) {
        const res = await cli(args, { ...env, ...secrets, DATABASE_URL: '', QFILL_DATA_DIR: dataDir })
        expect(res.code, args.join(' ')).toBe(2)
        expect(res.stderr).toMatch(where)
        expect(res.stderr).toMatch(/Attach Postgres \(on Fly\.io: fly postgres attach/)
      }
    }
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false)
  })
})

describe('qfill token create', () => {
  const db = useTestDatabase()

  it('prints a new token once; only its hash is stored and it works', async () => {
    const res = await cli(['token', 'create', '--plan', 'pro', '--email', 'ops@example.com'], { DATABASE_URL: db.url })
    expect(res.code).toBe(0)
    const token = res.stdout.trim()
    expect(token).toMatch(/^qf_[A-Za-z0-9_-]{43}$/)
    const stored = await db.sql`select token_hash::text as h from tokens`
    expect(JSON.stringify(stored)).not.toContain(token)
    const check = await checkToken(db.sql, token)
    expect(check.ok && check.row).toMatchObject({ plan: 'pro', email: 'ops@example.com', quota: null })
  })

  it('lists, extends and revokes tokens without ever printing one; shows the outbox', async () => {
    const created = await cli(
      ['token', 'create', '--plan', 'trial', '--email', 'list@acme.example', '--expires-in', '2h'],
      { DATABASE_URL: db.url },
    )
    expect(created.code).toBe(0)
    const token = created.stdout.trim()
    const id = /#(\d+)/.exec(created.stderr)![1]!
    const list = await cli(['token', 'list', '--email', 'list@acme.example'], { DATABASE_URL: db.url })
    expect(list.stdout).toMatch(
      new RegExp(`^${id}\\s+Free Trial\\s+list@acme\\.example\\s+0/2\\s+\\S+\\s+active$`, 'm'),
    )
    expect(list.stdout).not.toContain(token)

    const extended = await cli(['token', 'extend', id, '--until', '2031-01-01T00:00:00Z'], { DATABASE_URL: db.url })
    expect(extended.stderr).toContain(`Token #${id} now expires 2031-01-01T00:00:00.000Z.`)
    expect((await cli(['token', 'extend', id], { DATABASE_URL: db.url })).code).toBe(2)

    expect((await cli(['token', 'revoke', id], { DATABASE_URL: db.url })).code).toBe(0)
    expect(await checkToken(db.sql, token)).toEqual({ ok: false, reason: 'revoked' })
    expect((await cli(['token', 'revoke', '999999'], { DATABASE_URL: db.url })).stderr).toMatch(/no token #999999/)

    await db.sql`insert into outbox (recipient, subject, text_body, html_body, reason) values ('ops@acme.example', 'Your QFill access token', 'body qf_x', '<p>x</p>', 'SMTP_URL is not set')`
    const outbox = await cli(['outbox', '--to', 'ops@acme.example'], { DATABASE_URL: db.url })
    expect(outbox.code).toBe(0)
    expect(outbox.stdout).toContain(
      'to ops@acme.example  (SMTP_URL is not set)\nSubject: Your QFill access token\n\nbody qf_x',
    )
  })

  it('rejects an unknown plan with the list of plans', async () => {
    const res = await cli(['token', 'create', '--plan', 'gold'], { DATABASE_URL: db.url })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/--plan must be one of trial, single, starter, pro, monthly/)
  })
})

describe('start-up configuration', () => {
  it('stops with a message naming each bad variable', async () => {
    const res = await cli(['serve'], { PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: '' })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/PORT/)
    expect(res.stderr).toMatch(/DATABASE_URL must start with postgres:\/\//)
  })

  it('needs shared secrets when the database is shared', async () => {
    const res = await cli(['serve'], {
      DATABASE_URL: 'postgres://localhost/x',
      SESSION_SECRET: '',
      FILE_ENCRYPTION_KEY: '',
    })
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/SESSION_SECRET is required when DATABASE_URL is set/)
    expect(res.stderr).toMatch(/FILE_ENCRYPTION_KEY is required when DATABASE_URL is set/)
  })
})

import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../app/infra/project-root.server'

/**
 * One owner per concept (issue 20): read from the code, so a second home cannot come back unnoticed. Tests are
 * left out (they set up states by hand where they must); everything that ships is in.
 */
const ROOT = projectRoot()
const SHIPPED = ['app', 'jobs', 'cli', 'bin', 'deno', 'packages']

function sources(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name)
    // Built or generated from the sources below (packages/msw/generated: fixtures made by running the server).
    if (name === 'node_modules' || name === 'dist' || name === 'build' || name === 'generated') return []
    if (statSync(full).isDirectory()) return sources(full)
    return /\.(ts|tsx|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

const files = SHIPPED.flatMap((d) => sources(path.join(ROOT, d))).map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}))

/** The files whose text matches, outside the allowed ones. */
function offenders(pattern: RegExp, allowed: string[]): string[] {
  return files.filter((f) => pattern.test(f.text) && !allowed.includes(f.file)).map((f) => f.file)
}

describe('one owner per concept', () => {
  it('reads every shipped source file', () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it('only the job lifecycle module writes the jobs table', () => {
    expect(
      offenders(/\b(update\s+jobs\b|insert\s+into\s+jobs\b|delete\s+from\s+jobs\b)/i, ['app/job/lifecycle.server.ts']),
    ).toEqual([])
  })

  it('only access/ writes the tokens table', () => {
    const allowed = files.filter((f) => f.file.startsWith('app/access/')).map((f) => f.file)
    expect(offenders(/\b(update\s+tokens\b|insert\s+into\s+tokens\b|delete\s+from\s+tokens\b)/i, allowed)).toEqual([])
  })

  it('has one job-id pattern and one generator', () => {
    expect(offenders(/JOB_ID_PATTERN\s*=|function\s+newJobId|\[a-z0-9\]\{(16|24)/, ['app/job/id.ts'])).toEqual([])
  })

  it('normalises a token string in one place', () => {
    expect(offenders(/\[\\s\\u0000\]/, ['app/access/token-string.ts'])).toEqual([])
  })

  it('computes the summary in one function', () => {
    // Defining a summarize, or tallying confidence buckets, is counting the summary.
    expect(offenders(/function\s+summarize\b|\w+\[bucketOf\(/, ['app/answering/summary.ts'])).toEqual([])
  })

  it('gives each unpack limit one name with one meaning', () => {
    expect(offenders(/\bZIP_LIMITS\s*=/, ['app/evidence/archive.ts'])).toEqual([])
    expect(offenders(/\bUNPACK_BUDGET\s*=/, ['app/uploads/archive-scan.ts'])).toEqual([])
  })

  it('names graphile-worker queue entries apart from jobs: one module adds and removes them', () => {
    expect(offenders(/graphile_worker\.(add_job|remove_job)\b/, ['app/job/queue.server.ts'])).toEqual([])
  })
})

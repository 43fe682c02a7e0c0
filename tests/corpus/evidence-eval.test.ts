import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractEvidence } from '../../app/evidence/extract.server'

// Evaluation-only data: read in place from ../shared/data/eval, never copied into the project.
const EVAL = path.resolve(__dirname, '../..', '../shared/data/eval')
const exists = existsSync(EVAL)
if (!exists) console.log('evidence corpus tests skipped: ../shared/data/eval not found')

const read = (dir: string) =>
  readdirSync(path.join(EVAL, dir))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(path.join(EVAL, dir, name))) }))

describe.skipIf(!exists)(
  exists ? 'real evidence in ../shared/data/eval' : 'real evidence: skipped: ../shared/data/eval not found',
  () => {
    it('reads every Instructure PDF, reports the image-only certificate and the Spanish overview', async () => {
      const docs = await extractEvidence(read('instructure/evidence'))
      const byName = new Map(docs.map((d) => [d.file, d]))
      expect(byName.get('Instructure_CSA_STAR_Certificate.pdf')).toMatchObject({ status: 'empty', chars: 0 })
      expect(byName.get('Instructure_CSA_STAR_Certificate.pdf')!.message).toMatch(
        /^No text found in Instructure_CSA_STAR_Certificate\.pdf/,
      )
      expect(byName.get('Instructure_Security_Overview_ES.pdf')).toMatchObject({ status: 'ok', language: 'Spanish' })
      const overview = byName.get('Instructure_Security_Overview_2024-12.pdf')!
      expect(overview.chars).toBeGreaterThan(30_000)
      expect(overview.passages.every((p) => /^page \d+$/.test(p.location))).toBe(true)
      // Every PDF but the image-only certificate has text (the folder grows as SOURCES.md adds papers).
      expect(docs.filter((d) => d.status !== 'ok').map((d) => d.file)).toEqual(['Instructure_CSA_STAR_Certificate.pdf'])
      expect(docs.length).toBeGreaterThanOrEqual(12)
    })

    it('locates Mattermost Markdown and reStructuredText by heading path', async () => {
      const docs = await extractEvidence(read('mattermost'))
      expect(docs.every((d) => d.status === 'ok')).toBe(true)
      const rst = docs.find((d) => d.file === 'docs_overview_security_2020-07-20.rst')!
      expect(new Set(rst.passages.map((p) => p.location)).size).toBeGreaterThan(5)
      expect(rst.passages.some((p) => p.location.includes(' > '))).toBe(true)
    })
  },
)

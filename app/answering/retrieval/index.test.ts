import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractEvidence } from '../../evidence/extract.server'
import { topByScore } from './coverage'
import { SentenceIndex, type Hit, type QueryTerm, type Sentence } from './index'
import { boilerplate, exampleGroups, questionParts } from './query'

const OPEN = path.join(__dirname, '../../../tests/fixtures/open')
const set = JSON.parse(readFileSync(path.join(OPEN, 'vsaq-labelled/set.json'), 'utf8')) as {
  evidence: string[]
  questions: { question: string }[]
}

/**
 * Retrieval as it was written before the inverted-index marks (issue 18): every scored sentence sorted, string
 * sets looked up per sentence and term. The index must rank exactly as this does, ties included.
 */
function reference(sentences: Sentence[], query: QueryTerm[], limit: number) {
  const postings = new Map<string, number[]>()
  for (const s of sentences) for (const t of s.terms) postings.set(t, [...(postings.get(t) ?? []), s.id])
  const avg = sentences.reduce((n, s) => n + s.length, 0) / Math.max(1, sentences.length) || 1
  const groupMax = new Map<number, number>()
  for (const q of query)
    if (q.group !== undefined) groupMax.set(q.group, Math.max(groupMax.get(q.group) ?? 0, q.weight))
  const total =
    query.reduce((n, q) => n + (q.group === undefined ? q.weight : 0), 0) +
    [...groupMax.values()].reduce((a, b) => a + b, 0)
  if (!total) return []
  const coreGroups = new Set(query.filter((q) => q.core && q.group !== undefined).map((q) => q.group!))
  const requiredGroups = new Set(query.filter((q) => q.required && q.group !== undefined).map((q) => q.group!))
  const scores = new Map<number, number>()
  for (const { term, weight } of query)
    for (const id of postings.get(term) ?? []) {
      const norm = 1.2 * (1 - 0.75 + (0.75 * sentences[id]!.length) / avg)
      scores.set(id, (scores.get(id) ?? 0) + (weight * 2.2) / (1 + norm))
    }
  const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 200)
  const hits = ranked.map(([id, score]) => {
    const s = sentences[id]!
    let own = 0
    let withContext = 0
    let core = 0
    let coreTotal = 0
    let coreOwn = false
    const groupOwn = new Map<number, number>()
    const groupContext = new Map<number, number>()
    for (const q of query) {
      const inSentence = s.terms.has(q.term)
      const inContext = !inSentence && s.context.has(q.term)
      if (q.core || (q.group !== undefined && coreGroups.has(q.group))) coreOwn ||= inSentence
      if (q.core) {
        coreTotal += q.weight
        core += inSentence ? q.weight : inContext ? q.weight * 0.5 : 0
      }
      if (q.group !== undefined) {
        if (inSentence) groupOwn.set(q.group, Math.max(groupOwn.get(q.group) ?? 0, q.weight))
        else if (inContext) groupContext.set(q.group, Math.max(groupContext.get(q.group) ?? 0, q.weight * 0.5))
      } else if (inSentence) own += q.weight
      else if (inContext) withContext += q.weight * 0.5
    }
    for (const w of groupOwn.values()) own += w
    for (const [g, w] of groupContext) if (!groupOwn.has(g)) withContext += w
    const near = (q: QueryTerm) => s.terms.has(q.term) || s.context.has(q.term)
    const missing =
      query.some((q) => q.required && q.group === undefined && !near(q)) ||
      [...requiredGroups].some((g) => !query.some((q) => q.group === g && near(q)))
    const coreCoverage = missing ? 0 : coreTotal ? core / coreTotal : 1
    const required = query.filter((q) => q.required)
    return {
      id,
      score,
      ownCoverage: own / total,
      coverage: Math.min(1, (own + withContext) / total),
      coreCoverage: !required.length && coreCoverage < 0.7 ? 0 : coreCoverage,
      coreOwn,
      subjectsOwn:
        required.length > 0 &&
        required.every((q) => q.group !== undefined || s.terms.has(q.term)) &&
        [...requiredGroups].every((g) => query.some((q) => q.group === g && s.terms.has(q.term))),
      matched: query.filter((q) => s.terms.has(q.term)).map((q) => q.term),
    }
  })
  return hits.sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.id - b.id).slice(0, limit)
}

const plain = (hits: Hit[]) =>
  hits.map(({ sentence, matched, ...rest }) => ({ id: sentence.id, ...rest, matched: [...matched] }))

describe('SentenceIndex.search', async () => {
  const files = set.evidence.map((f) => ({
    name: path.basename(f),
    bytes: new Uint8Array(readFileSync(path.join(OPEN, f))),
  }))
  const index = new SentenceIndex(await extractEvidence(files))
  const questions = set.questions.map((q) => q.question)
  const damp = boilerplate(questions)
  const queries = questions.map((text) => {
    const parts = questionParts(text)
    return index.queryTerms(parts.asked, exampleGroups(parts), damp)
  })

  it('ranks exactly as scoring every sentence did, ties and scores included', () => {
    expect(index.sentences.length).toBeGreaterThan(200)
    for (const limit of [8, 40, 500])
      for (const query of queries)
        expect(plain(index.search(query, limit))).toEqual(reference(index.sentences, query, limit))
  })

  it('reads a term in the context exactly when the context set holds it', () => {
    const marks = (index as unknown as { marks: import('./marks').Marks }).marks
    const wrong: string[] = []
    let checked = 0
    for (const query of queries) {
      marks.mark(query)
      for (const s of index.sentences)
        query.forEach((q, i) => {
          checked++
          if (marks.owns(s.id, i) !== s.terms.has(q.term)) wrong.push(`${s.id} owns ${q.term}`)
          if (marks.around(s.id, i) !== s.context.has(q.term)) wrong.push(`${s.id} around ${q.term}`)
        })
      marks.clear()
    }
    expect(checked).toBeGreaterThan(100_000)
    expect(wrong).toEqual([])
  })
})

describe("a sentence's context and its section", () => {
  it('reads the neighbours under other headings as context for retrieval, but not as what its section says', async () => {
    const lines = [
      '# Branch handbook',
      '',
      '## Branch security',
      '',
      'Night clerks guard every kiosk against theft and tampering.',
      '',
      'Each kiosk drawer is locked at closing time.',
      '',
      '## Requests from the police',
      '',
      'We hand no ledger to the police unless a statute requires it.',
    ]
    const index = new SentenceIndex(
      await extractEvidence([{ name: 'branch.md', bytes: new TextEncoder().encode(lines.join('\n')) }]),
    )
    const [guard, drawer, police] = ['Night clerks', 'Each kiosk drawer', 'We hand no ledger'].map((start) =>
      index.sentences.find((s) => s.text.startsWith(start))!,
    )
    // Within one section: the neighbour is both.
    expect(guard!.section.has('drawer')).toBe(true)
    expect(drawer!.section.has('guard')).toBe(true)
    // Across the heading: retrieval's context keeps the neighbour, the section does not.
    expect(drawer!.context.has('statut')).toBe(true)
    expect(drawer!.section.has('statut')).toBe(false)
    expect(police!.context.has('drawer')).toBe(true)
    expect(police!.section.has('drawer')).toBe(false)
    expect(police!.section.has('polic')).toBe(true)
  })
})

describe('topByScore', () => {
  it('keeps the k best scores, the lower id first among equal ones', () => {
    const score = Float64Array.from([1, 3, 3, 2, 3, 0, 3])
    expect(topByScore([0, 1, 2, 3, 4, 5, 6], score, 3).sort()).toEqual([1, 2, 4])
    expect(topByScore([6, 5, 4, 3, 2, 1, 0], score, 5).sort()).toEqual([1, 2, 3, 4, 6])
    expect(topByScore([3, 1], score, 5)).toEqual([3, 1])
  })
})

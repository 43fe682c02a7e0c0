import type { Marks } from './marks'
import type { Hit, QueryTerm, Sentence } from './model'

/** Context (neighbours, heading) counts half: it says what a statement is about, not that it is stated. */
export const CONTEXT_SHARE = 0.5
/** Share of the heaviest words a sentence needs when the question names no security concept. */
const WORD_CORE = 0.7

/**
 * What a query asks of every sentence, worked out once per search: its total weight, which terms count toward the
 * core, its required terms and example-list groups.
 */
export interface Plan {
  query: QueryTerm[]
  /** Weight of the whole question: an example list weighs as much as its heaviest item. */
  total: number
  /** Per query term: it is core, or its example list holds a core term. */
  coreLike: boolean[]
  /** Required terms outside any list (query indexes). */
  requiredAlone: number[]
  /** Lists holding a required term, each with its terms' query indexes (in order of first mention). */
  requiredGroups: number[][]
  anyRequired: boolean
}

export function planOf(query: QueryTerm[]): Plan {
  const groupMax = new Map<number, number>()
  for (const q of query)
    if (q.group !== undefined) groupMax.set(q.group, Math.max(groupMax.get(q.group) ?? 0, q.weight))
  const total =
    query.reduce((n, q) => n + (q.group === undefined ? q.weight : 0), 0) +
    [...groupMax.values()].reduce((a, b) => a + b, 0)
  const coreGroups = new Set(query.filter((q) => q.core && q.group !== undefined).map((q) => q.group!))
  const requiredGroups = new Set(query.filter((q) => q.required && q.group !== undefined).map((q) => q.group!))
  return {
    query,
    total,
    coreLike: query.map((q) => !!q.core || (q.group !== undefined && coreGroups.has(q.group))),
    requiredAlone: query.flatMap((q, i) => (q.required && q.group === undefined ? [i] : [])),
    requiredGroups: [...requiredGroups].map((g) => query.flatMap((q, i) => (q.group === g ? [i] : []))),
    anyRequired: query.some((q) => q.required),
  }
}

/** Share (0-1) of the question's weight the sentence and its context contain: what hits are ranked by. */
export function coverageOf(plan: Plan, marks: Marks, id: number): number {
  const { own, withContext } = shares(plan, marks, id)
  return Math.min(1, (own + withContext) / plan.total)
}

/**
 * Own and context weight, summed exactly as they always were (term by term in query order, then each list's best
 * item in the order the lists were first matched), so rankings and their ties never move.
 */
function shares(plan: Plan, marks: Marks, id: number): { own: number; withContext: number } {
  let own = 0
  let withContext = 0
  let groupOwn: Map<number, number> | undefined
  let groupContext: Map<number, number> | undefined
  const { query } = plan
  for (let i = 0; i < query.length; i++) {
    const { weight, group } = query[i]!
    const inSentence = marks.owns(id, i)
    const inContext = !inSentence && marks.around(id, i)
    if (group !== undefined) {
      if (inSentence) (groupOwn ??= new Map<number, number>()).set(group, Math.max(groupOwn.get(group) ?? 0, weight))
      else if (inContext)
        (groupContext ??= new Map<number, number>()).set(
          group,
          Math.max(groupContext.get(group) ?? 0, weight * CONTEXT_SHARE),
        )
    } else if (inSentence) own += weight
    else if (inContext) withContext += weight * CONTEXT_SHARE
  }
  if (groupOwn) for (const w of groupOwn.values()) own += w
  if (groupContext) for (const [g, w] of groupContext) if (!groupOwn?.has(g)) withContext += w
  return { own, withContext }
}

/** The hit in full: its coverage of the whole question, of its core and of its named subjects. */
export function hitOf(plan: Plan, marks: Marks, sentence: Sentence): Hit {
  const { query, total } = plan
  const { id } = sentence
  const { own, withContext } = shares(plan, marks, id)
  let core = 0
  let coreTotal = 0
  let coreOwn = false
  const matched = new Set<string>()
  for (let i = 0; i < query.length; i++) {
    const q = query[i]!
    const inSentence = marks.owns(id, i)
    if (inSentence) matched.add(q.term)
    if (plan.coreLike[i]) coreOwn ||= inSentence
    if (q.core) {
      coreTotal += q.weight
      core += inSentence ? q.weight : marks.around(id, i) ? q.weight * CONTEXT_SHARE : 0
    }
  }
  // A named subject (or every item of a list naming one) absent from the sentence and its context: off the subject.
  const missing =
    plan.requiredAlone.some((i) => !marks.near(id, i)) ||
    plan.requiredGroups.some((g) => !g.some((i) => marks.near(id, i)))
  const coreCoverage = missing ? 0 : coreTotal ? core / coreTotal : 1
  // Without a named subject, the heaviest words stand in for it: most of them must be there.
  const wordsOnly = !plan.anyRequired
  const subjectsOwn =
    plan.anyRequired &&
    plan.requiredAlone.every((i) => marks.owns(id, i)) &&
    plan.requiredGroups.every((g) => g.some((i) => marks.owns(id, i)))
  return {
    sentence,
    score: marks.scoreOf(id),
    ownCoverage: own / total,
    coverage: Math.min(1, (own + withContext) / total),
    coreCoverage: wordsOnly && coreCoverage < WORD_CORE ? 0 : coreCoverage,
    coreOwn,
    subjectsOwn,
    matched,
  }
}

/**
 * The `k` ids of highest score (ties: lower id first), in no particular order: a bounded selection (a heap of the
 * best so far, weakest at the root) instead of sorting every scored sentence.
 */
export function topByScore(ids: number[], score: Float64Array, k: number): number[] {
  if (ids.length <= k) return ids
  const heap = ids.slice(0, k)
  for (let i = (k >> 1) - 1; i >= 0; i--) siftDown(heap, i, score)
  for (let i = k; i < ids.length; i++) {
    if (ranksBefore(ids[i]!, heap[0]!, score)) {
      heap[0] = ids[i]!
      siftDown(heap, 0, score)
    }
  }
  return heap
}

function ranksBefore(a: number, b: number, score: Float64Array): boolean {
  return score[a]! > score[b]! || (score[a] === score[b] && a < b)
}

function siftDown(heap: number[], at: number, score: Float64Array): void {
  for (;;) {
    const l = 2 * at + 1
    const r = l + 1
    let weakest = at
    if (l < heap.length && ranksBefore(heap[weakest]!, heap[l]!, score)) weakest = l
    if (r < heap.length && ranksBefore(heap[weakest]!, heap[r]!, score)) weakest = r
    if (weakest === at) return
    const t = heap[at]!
    heap[at] = heap[weakest]!
    heap[weakest] = t
    at = weakest
  }
}

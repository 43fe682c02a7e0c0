/**
 * The figures the home page shows, each as measured in docs/benchmarks.md ("Answer accuracy", offline engine,
 * "Answer accuracy under the output contract", `npm run bench:accuracy`). Change them only by re-running the benchmark and copying the new
 * table's numbers here; never round up, never quote a target.
 */
export const MEASURED = {
  /** Every evidence-only set pooled: 1,078 questions, evidence extraction + answering, 2-core machine. */
  questions: 1078,
  seconds: 13.1,
  /** Evidence-only sets pooled: unflagged answers that matched the vendor's own answer. */
  unflaggedCorrect: 217,
  unflaggedTotal: 228,
  /** Citations re-checked against the cited file (evidence-only sets). */
  invalidCitations: 0,
  citationsChecked: 663,
  /** Share of Yes/No rows answered from public papers alone, and with an earlier answered questionnaire. */
  writtenShare: 50.6,
  writtenShareWithLibrary: 70.2,
  /** Precision of the Yes/No answers written from public papers alone (pooled). */
  writtenPrecision: 93.7,
  sets: 'CAIQ v4, five HECVATs (Lite and Full) and Mattermost’s published security questionnaire',
} as const

export const questionsPerMinute = Math.floor((MEASURED.questions / MEASURED.seconds) * 60)
export const unflaggedPrecision = ((MEASURED.unflaggedCorrect / MEASURED.unflaggedTotal) * 100).toFixed(1)

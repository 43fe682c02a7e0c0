/** The spec's stage labels by percent done (thresholds 10, 30, 70, 90). */
export const STAGES = [
  { from: 0, label: 'Analyzing questionnaire structure' },
  { from: 10, label: 'Reading evidence documents' },
  { from: 30, label: 'Matching evidence to questions' },
  { from: 70, label: 'Generating professional answers' },
  { from: 90, label: 'Finalizing compliance report' },
] as const

export function stageIndex(percent: number): number {
  let index = 0
  STAGES.forEach((s, i) => {
    if (percent >= s.from) index = i
  })
  return index
}

export function stageLabel(percent: number): string {
  return STAGES[stageIndex(percent)]!.label
}

/**
 * Where a running job is, from the stage the worker records (parsing, reading evidence, answering, writing) and
 * its question count: each stage fills its own band of the bar (answering 30 to 90 by questions answered), so
 * the spec's labels follow what the worker really does instead of jumping from 0 % to done.
 */
export function jobPercent(stage: string | null, processed: number, total: number): number {
  switch (stage) {
    case 'reading evidence':
      return 10
    case 'answering':
      return 30 + Math.floor((total ? Math.min(1, processed / total) : 0) * 60)
    case 'writing':
      return 90
    case 'completed':
      return 100
    default:
      return 0
  }
}

export function percentDone(processed: number, total: number): number {
  if (!total) return 0
  return Math.max(0, Math.min(100, Math.floor((processed / total) * 100)))
}

/** 'Xh Ym' until the files expire, or 'Expired'. */
export function timeLeft(expires: Date | string | null, now = new Date()): string {
  if (!expires) return 'Expired'
  const ms = new Date(expires).getTime() - now.getTime()
  if (ms <= 0) return 'Expired'
  const minutes = Math.ceil(ms / 60000)
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}

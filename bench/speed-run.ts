/**
 * One configuration of bench:speed, in its own process: the whole pipeline (the product's own runPipeline, offline
 * engine) on a questionnaire and its evidence, timed per stage, with the process's peak RSS after each stage.
 * Prints one JSON line (RunFigures) on stdout.
 *
 *   node --import tsx bench/speed-run.ts QUESTIONNAIRE EVIDENCE...
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createEngine } from '../app/answering/engines.server'
import { runPipeline, type Stage } from '../app/pipeline/run.server'
import { summaryPdf } from '../app/reports/summary-pdf'

export interface StageFigures {
  ms: number
  /** CPU time of the whole process (every thread: the PDF reader's too) during the stage, ms: steadier than wall time on a busy machine. */
  cpuMs: number
  /** Peak RSS of the process at the end of the stage, bytes. */
  peakRss: number
}

export interface RunFigures {
  totalMs: number
  totalCpuMs: number
  peakRss: number
  /** The stage during which the peak was reached. */
  peakStage: string
  stages: Record<'parsing' | 'evidence' | 'answering' | 'workbook' | 'report', StageFigures>
}

const NAMES: Record<Stage, 'parsing' | 'evidence' | 'answering' | 'workbook'> = {
  parsing: 'parsing',
  'reading-evidence': 'evidence',
  answering: 'answering',
  writing: 'workbook',
}

const maxRss = () => process.resourceUsage().maxRSS * 1024
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2))

async function main([questionnaire, ...evidence]: string[]) {
  const read = (file: string) => ({ name: path.basename(file), bytes: new Uint8Array(readFileSync(file)) })
  const input = { questionnaire: read(questionnaire!), evidence: evidence.map(read) }
  const boundaries: { stage: Stage; at: number; cpu: number; peakRss: number }[] = []
  const started = performance.now()
  const startedCpu = cpuMs()
  const result = await runPipeline({
    ...input,
    engine: createEngine({ ANSWER_ENGINE: 'offline' }),
    onProgress: (p) => {
      if (boundaries.at(-1)?.stage !== p.stage)
        boundaries.push({ stage: p.stage, at: performance.now(), cpu: cpuMs(), peakRss: maxRss() })
    },
  })
  const ended = performance.now()
  const endedCpu = cpuMs()
  const endRss = maxRss()
  // runPipeline writes the workbook and then the PDF in its last stage; the PDF is timed again on its own (it is a
  // pure function of the result) and taken out of the workbook's share.
  const t = performance.now()
  const c = cpuMs()
  summaryPdf({ fileName: result.questionnaire.fileName, summary: result.summary, entries: result.entries })
  const reportMs = performance.now() - t
  const reportCpuMs = cpuMs() - c

  const stages = {} as RunFigures['stages']
  boundaries.forEach((b, i) => {
    const next = boundaries[i + 1]
    stages[NAMES[b.stage]] = {
      ms: (next?.at ?? ended) - b.at,
      cpuMs: (next?.cpu ?? endedCpu) - b.cpu,
      peakRss: next?.peakRss ?? endRss,
    }
  })
  stages.workbook.ms -= reportMs
  stages.workbook.cpuMs -= reportCpuMs
  stages.report = { ms: reportMs, cpuMs: reportCpuMs, peakRss: endRss }
  let peakStage = 'parsing'
  let previous = 0
  for (const [name, s] of Object.entries(stages)) {
    if (s.peakRss > previous) peakStage = name
    previous = Math.max(previous, s.peakRss)
  }
  const figures: RunFigures = {
    totalMs: ended - started,
    totalCpuMs: endedCpu - startedCpu,
    peakRss: endRss,
    peakStage,
    stages,
  }
  console.log(JSON.stringify(figures))
}

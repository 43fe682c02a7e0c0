import cliProgress from 'cli-progress'
import type { Progress } from '../app/pipeline/run.server'

export interface ProgressReporter {
  line(text: string): void
  update(name: string, p: Progress): void
  done(name: string): void
  stop(): void
}

const STAGES: Record<Progress['stage'], string> = {
  parsing: 'reading questionnaire',
  'reading-evidence': 'reading evidence',
  answering: 'answering',
  writing: 'writing files',
}

/** A progress bar per questionnaire on a terminal (stderr), plain lines otherwise, nothing with --quiet. */
export function progressReporter(options: { quiet: boolean; tty: boolean }): ProgressReporter {
  if (options.quiet) return { line: () => {}, update: () => {}, done: () => {}, stop: () => {} }
  if (!options.tty) {
    let last = ''
    return {
      line: (text: string) => process.stderr.write(`${text}\n`),
      update(name: string, p: Progress) {
        // One line per stage and per tenth of the questions: readable in a CI log.
        const step = p.stage === 'answering' && p.total ? Math.floor((p.processed / p.total) * 10) : -1
        const key = `${p.stage}:${step}`
        if (key === last) return
        last = key
        process.stderr.write(
          p.stage === 'answering' && p.total
            ? `${name}: answering ${p.processed}/${p.total}\n`
            : `${name}: ${STAGES[p.stage]}\n`,
        )
      },
      done: () => {
        last = ''
      },
      stop: () => {},
    }
  }
  const bars = new cliProgress.MultiBar(
    {
      format: ' {name} |{bar}| {value}/{total} {stage}',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  )
  const byName = new Map<string, cliProgress.SingleBar>()
  return {
    line: (text: string) => bars.log(`${text}\n`),
    update(name: string, p: Progress) {
      let bar = byName.get(name)
      if (!bar) {
        bar = bars.create(Math.max(p.total, 1), 0, { name, stage: STAGES[p.stage] })
        byName.set(name, bar)
      }
      if (p.total) bar.setTotal(p.total)
      bar.update(p.processed, { name, stage: STAGES[p.stage] })
    },
    done(name: string) {
      const bar = byName.get(name)
      bar?.update(bar.getTotal(), { name, stage: 'done' })
    },
    stop: () => bars.stop(),
  }
}

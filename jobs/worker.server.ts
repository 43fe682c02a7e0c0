import { Logger, run, type Runner } from 'graphile-worker'
import { enabled } from '../app/log.server'
import { ANSWER_TASK, PURGE_TASK } from '../app/jobs.server'
import { answerQuestionnaire } from './answer-questionnaire'
import { purgeExpiredFiles } from './purge-expired-files'

export const taskList = {
  [ANSWER_TASK]: answerQuestionnaire,
  [PURGE_TASK]: purgeExpiredFiles,
}

/** graphile-worker's messages, filtered by LOG_LEVEL like ours. */
const logger = new Logger((scope) => (level, message) => {
  if (!enabled(level)) return
  const prefix = scope.label ? `[worker ${scope.label}]` : '[worker]'
  if (level === 'error') console.error(prefix, message)
  else if (level === 'warning') console.warn(prefix, message)
  else console.log(prefix, message)
})

// Fixed identifier so every worker machine shares one schedule; purge runs every minute.
const CRONTAB = `* * * * * ${PURGE_TASK} ?id=purge_every_minute&fill=5m`

export async function startWorker(options: { connectionString: string; concurrency: number; pollInterval?: number }): Promise<Runner> {
  return run({
    connectionString: options.connectionString,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 1000,
    taskList,
    crontab: CRONTAB,
    logger,
  })
}

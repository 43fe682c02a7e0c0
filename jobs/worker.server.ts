import { run, type Runner } from 'graphile-worker'
import { ANSWER_TASK, PURGE_TASK } from '../app/jobs.server'
import { answerQuestionnaire } from './answer-questionnaire'
import { purgeExpiredFiles } from './purge-expired-files'

export const taskList = {
  [ANSWER_TASK]: answerQuestionnaire,
  [PURGE_TASK]: purgeExpiredFiles,
}

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
  })
}

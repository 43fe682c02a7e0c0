import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { ANSWER_MAX_ATTEMPTS } from '../app/jobs.server'
import { runPipeline, type Progress } from '../app/pipeline/run.server'
import { QuestionnaireError } from '../app/questionnaire/model'
import { services } from '../app/services.server'

const payloadSchema = z.object({ jobId: z.string().regex(/^[a-z0-9]{16,64}$/) })

const STAGE_LABEL: Record<Progress['stage'], string> = {
  parsing: 'parsing',
  'reading-evidence': 'reading evidence',
  answering: 'answering',
  writing: 'writing',
}

/** Answers one questionnaire: reads its stored files, runs the pipeline and stores the completed workbook and report. */
export const answerQuestionnaire: Task = async (rawPayload, helpers) => {
  const { jobId } = payloadSchema.parse(rawPayload)
  const { sql, store, env, engine } = services()
  const [job] = await sql<{ status: string; deleted: boolean }[]>`
    update jobs set status = 'processing', started_at = coalesce(started_at, now()), error = null
    where id = ${jobId} and status in ('queued', 'processing') and deleted_at is null
    returning status, deleted_at is not null as deleted`
  if (!job) {
    helpers.logger.info(`job ${jobId} is finished, deleted or unknown; nothing to do`)
    return
  }
  const [questionnaire] = await store.list(jobId, 'questionnaire')
  if (!questionnaire) throw new Error(`job ${jobId} has no questionnaire file`)
  const evidence = await store.list(jobId, 'evidence')

  let lastWrite = 0
  const onProgress = async (p: Progress) => {
    const now = Date.now()
    // Progress is polled every few seconds; writing it more than twice a second only loads the database.
    if (p.stage === 'answering' && p.processed < p.total && now - lastWrite < 500) return
    lastWrite = now
    await sql`update jobs set stage = ${STAGE_LABEL[p.stage]}, processed = ${p.processed}, total = ${p.total} where id = ${jobId}`
  }

  try {
    const result = await runPipeline({
      questionnaire: { name: questionnaire.name, bytes: questionnaire.bytes },
      evidence: evidence.map((f) => ({ name: f.name, bytes: f.bytes })),
      engine: engine(),
      onProgress,
    })
    const answersJson = new TextEncoder().encode(JSON.stringify(result.answersJson, null, 2))
    const { summary } = result
    await sql.begin(async (tx) => {
      await store.put(jobId, { role: 'xlsx', name: `questionnaire-${jobId}.xlsx`, bytes: result.xlsx }, tx)
      await store.put(jobId, { role: 'pdf', name: `questionnaire-${jobId}.pdf`, bytes: result.pdf }, tx)
      await store.put(jobId, { role: 'answers', name: `questionnaire-${jobId}.answers.json`, bytes: answersJson }, tx)
      // The uploads are not needed once the results exist: keep customer files for as short a time as possible.
      await tx`delete from files where job_id = ${jobId} and role in ('questionnaire', 'evidence')`
      await tx`
        update jobs set status = 'completed', stage = 'completed', processed = ${summary.questions}, total = ${summary.questions},
          engine = ${summary.engine}, question_count = ${summary.questions},
          average_confidence = ${Math.round(summary.averageConfidence * 10000) / 100}, flagged_count = ${summary.flagged},
          summary = ${tx.json(summary as never)}, completed_at = now(),
          expires_at = now() + make_interval(mins => ${env.FILE_RETENTION_MINUTES})
        where id = ${jobId}`
    })
    helpers.logger.info(`job ${jobId}: ${summary.questions} questions, ${summary.flagged} flagged, ${summary.durationMs} ms`)
  } catch (error) {
    const finalAttempt = helpers.job.attempts >= (helpers.job.max_attempts ?? ANSWER_MAX_ATTEMPTS)
    if (error instanceof QuestionnaireError || finalAttempt) {
      const message = error instanceof QuestionnaireError ? error.message : 'AI processing encountered an error'
      helpers.logger.error(`job ${jobId} failed: ${error instanceof Error ? error.stack : error}`)
      await failJob(jobId, message)
      return
    }
    throw error // graphile-worker retries with backoff
  }
}

/** Marks the job failed, gives the questionnaire back to the token's quota, and schedules its files for purge. */
async function failJob(jobId: string, message: string) {
  const { sql, env } = services()
  await sql.begin(async (tx) => {
    const [job] = await tx<{ tokenId: number }[]>`
      update jobs set status = 'failed', error = ${message}, completed_at = now(),
        expires_at = now() + make_interval(mins => ${env.FILE_RETENTION_MINUTES})
      where id = ${jobId} and status <> 'failed'
      returning token_id as "tokenId"`
    if (job) await tx`update tokens set used = greatest(used - 1, 0) where id = ${job.tokenId}`
  })
}

import { createEngine } from '../app/answering/engines.server'
import { getEnv } from '../app/infra/env.server'
import { captureConsole } from '../app/infra/log.server'
import type { EvidenceInput } from '../app/evidence/model'
import { runPipeline, type Progress } from '../app/pipeline/run.server'
import { QuestionnaireError } from '../app/questionnaire/model'
import type { ChildMessage, ChildRequest } from './run-isolated.server'

/**
 * The child process side of an isolated job: receives the decrypted files over IPC, runs the pipeline, reports
 * each stage and sends back the results. It touches neither the database nor the keys.
 */
// Libraries' console output (pdf.js warnings) joins this process's JSON log lines on stdout.
captureConsole()

const send = (message: ChildMessage) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  )

// The worker that started this child is gone (killed, crashed): its job will run again elsewhere, so stop.
process.once('disconnect', () => process.exit(1))

process.once('message', (raw) => {
  const request = raw as ChildRequest
  void run(request).then(
    () => process.exit(0),
    () => process.exit(1),
  )
})

async function run(request: ChildRequest) {
  const toBytes = (f: EvidenceInput) => ({ name: f.name, bytes: new Uint8Array(f.bytes) })
  try {
    const result = await runPipeline({
      questionnaire: toBytes(request.questionnaire),
      evidence: request.evidence.map(toBytes),
      engine: createEngine(getEnv()),
      unanswered: request.unanswered,
      product: request.product,
      answers: request.answers,
      onProgress: (p: Progress) => send({ type: 'progress', progress: p }),
      onAnswers: (answers) => send({ type: 'checkpoint', answers }),
    })
    await send({
      type: 'done',
      xlsx: result.xlsx,
      pdf: result.pdf,
      answersJson: result.answersJson,
      summary: result.summary,
    })
  } catch (error) {
    await send({
      type: 'error',
      questionnaire: error instanceof QuestionnaireError,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? (error.stack ?? '') : '',
    })
  }
}

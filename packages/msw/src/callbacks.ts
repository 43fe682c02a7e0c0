import {
  callbackSecret,
  DELIVERY_HEADER,
  EVENT_HEADER,
  signCallback,
  SIGNATURE_HEADER,
} from '../../../app/api/callbacks/signature'
import type { MockContext } from './context'
import { statusOf, type MockJob } from './state'

export interface CallbackDelivery {
  jobId: string
  url: string
  /** The receiver's status, or null when the request failed (no handler, network error). */
  status: number | null
  error: string | null
}

/**
 * Calls back as the server does when a job ends: a POST of the status document, signed with the secret derived
 * from the job's token. The mock sends it once (the server retries 5xx with backoff) through fetch, so an MSW
 * handler for the callback URL receives it.
 */
export async function sendCallback(ctx: MockContext, job: MockJob): Promise<CallbackDelivery> {
  const url = job.callbackUrl!
  const status = statusOf(job, ctx.now(), ctx.pollsUntilDone)
  const body = JSON.stringify(status)
  const timestamp = Math.floor(ctx.now().getTime() / 1000)
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'QFill-Callback/1',
        [EVENT_HEADER]: `job.${status.status}`,
        [DELIVERY_HEADER]: job.id,
        [SIGNATURE_HEADER]: await signCallback(await callbackSecret(job.token), timestamp, body),
      },
      body,
    })
    return { jobId: job.id, url, status: response.status, error: null }
  } catch (error) {
    return { jobId: job.id, url, status: null, error: (error as Error).message }
  }
}

import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Sql } from '../../infra/db.server'
import { jobStatusJson } from '../../job/view.server'
import { getJob } from '../../job/read.server'
import { jobStatus } from '../schemas/jobs'
import { DELIVERY_HEADER, EVENT_HEADER, signCallback, SIGNATURE_HEADER } from './signature'
import { loadCallback, recordAttempt } from './store.server'
import { parseCallbackUrl, publicAddresses, type ResolvedAddress } from './target.server'

export const CALLBACK_TIMEOUT_MS = 10_000

/** Thrown for an attempt worth repeating (no answer, 408, 429, 5xx): graphile-worker retries with backoff. */
export class CallbackRetry extends Error {
  name = 'CallbackRetry'
}

export type DeliveryOutcome = 'delivered' | 'refused' | 'rejected' | 'none'

/**
 * Sends a job's status document to its callbackUrl, signed. The host is resolved again now and the connection
 * is pinned to the addresses checked, so a name that moved to a private address since submission is refused.
 * 2xx delivers; no answer, 408, 429 and 5xx throw CallbackRetry; any other status is the receiver's final word.
 */
export async function deliverCallback(
  sql: Sql,
  jobId: string,
  options: { fileKey: Buffer; now?: () => number },
): Promise<DeliveryOutcome> {
  const callback = await loadCallback(sql, jobId, options.fileKey)
  const job = await getJob(sql, jobId)
  if (!callback || callback.deliveredAt || !job || (job.status !== 'completed' && job.status !== 'failed'))
    return 'none'
  const url = parseCallbackUrl(callback.url)
  const addresses = url.ok ? await publicAddresses(url.value.hostname) : url
  if (!url.ok || !addresses.ok) {
    await recordAttempt(sql, jobId, {
      status: null,
      error: `refused: callbackUrl ${addresses.ok ? '' : addresses.problem}`,
      delivered: false,
    })
    return 'refused'
  }
  const body = JSON.stringify(jobStatus.parse(jobStatusJson(job)))
  const timestamp = Math.floor((options.now?.() ?? Date.now()) / 1000)
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'User-Agent': 'QFill-Callback/1',
    [EVENT_HEADER]: `job.${job.status}`,
    [DELIVERY_HEADER]: job.id,
    [SIGNATURE_HEADER]: await signCallback(callback.secret, timestamp, body),
  }
  let status: number
  try {
    status = await post(url.value, addresses.value, headers, body)
  } catch (error) {
    const message = (error as Error).message
    await recordAttempt(sql, jobId, { status: null, error: message, delivered: false })
    throw new CallbackRetry(`callback of job ${jobId} not delivered: ${message}`)
  }
  const delivered = status >= 200 && status < 300
  const retry = status >= 500 || status === 408 || status === 429
  await recordAttempt(sql, jobId, { status, error: delivered ? null : `the receiver answered ${status}`, delivered })
  if (retry) throw new CallbackRetry(`callback of job ${jobId}: the receiver answered ${status}`)
  return delivered ? 'delivered' : 'rejected'
}

/** The connection goes to the addresses checked, never to a fresh lookup. */
function pinned(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses)
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }
}

function post(url: URL, addresses: ResolvedAddress[], headers: Record<string, string>, body: string): Promise<number> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', headers, lookup: pinned(addresses), agent: false, timeout: CALLBACK_TIMEOUT_MS },
      (response) => {
        response.resume() // the receiver's body is not read
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error(`no answer in ${CALLBACK_TIMEOUT_MS / 1000} s`)))
    request.on('error', reject)
    request.end(body)
  })
}

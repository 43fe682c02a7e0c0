import { data, redirect } from '@remix-run/node'
import { zodMessage } from '../api/errors'
import { sessionToken } from '../access/auth.server'
import { checkoutSessionBody } from '../api/schemas/access'
import { getOwnJob } from '../job/read.server'
import { log } from '../infra/log.server'
import { billing } from './config.server'
import { formatUsd, PAYMENTS_NOT_CONFIGURED, QUESTIONNAIRE_PRICE } from './plans'
import { createCheckoutSession } from './stripe.server'
import { publicUrl } from '../infra/env.server'

export interface QuestionnaireOrder {
  view: 'questionnaire'
  questionnaire: { id: string; fileName: string; questions: number }
  price: string
  tax: string
  payments: { publishableKey: string } | null
}

export type Problem = { view: 'problem'; title: string; message: string; retry?: string }

/** Plan checkout: a Stripe Checkout Session, then off to Stripe's hosted page; 'Checkout Error' otherwise. */
export async function planCheckout(request: Request, input: Record<string, unknown>, retry: string) {
  const { stripe, env } = billing()
  if (!stripe)
    return data<Problem>(
      { view: 'problem', title: 'Checkout Error', message: PAYMENTS_NOT_CONFIGURED, retry },
      { status: 503 },
    )
  const parsed = checkoutSessionBody.safeParse(input)
  if (!parsed.success)
    return data<Problem>(
      { view: 'problem', title: 'Checkout Error', message: zodMessage(parsed.error), retry: '/#pricing' },
      { status: 400 },
    )
  try {
    const { url } = await createCheckoutSession(stripe, { ...parsed.data, baseUrl: publicUrl(env) })
    return redirect(url, 303)
  } catch (error) {
    log('error', `checkout session failed: ${(error as Error).message}`)
    return data<Problem>(
      { view: 'problem', title: 'Checkout Error', message: 'Failed to create checkout session', retry },
      { status: 502 },
    )
  }
}

export async function questionnaireCheckout(request: Request, questionnaireId: string | null) {
  if (!questionnaireId)
    return data<Problem>(
      { view: 'problem', title: 'Invalid Checkout', message: 'No questionnaire ID provided.' },
      { status: 400 },
    )
  const token = await sessionToken(request)
  const job = token ? await getOwnJob(billing().sql, questionnaireId, token.id) : null
  if (!job)
    return data<Problem>(
      { view: 'problem', title: 'Questionnaire Not Found', message: 'The questionnaire could not be loaded.' },
      { status: 404 },
    )
  const { stripe, publishableKey } = billing()
  return {
    view: 'questionnaire',
    questionnaire: { id: job.id, fileName: job.questionnaireName, questions: job.questionCount ?? job.total },
    price: formatUsd(QUESTIONNAIRE_PRICE.amount),
    tax: formatUsd(QUESTIONNAIRE_PRICE.tax),
    payments: stripe && publishableKey ? { publishableKey } : null,
  } satisfies QuestionnaireOrder
}

import { Badge } from './ui'

export interface UsageView {
  plan: string
  planLabel: string
  email: string | null
  used: number
  limit: number | null
  remaining: number | null
  resetDate: string | null
  canUpload: boolean
  expired: boolean
}

/** Plan badge, e-mail, usage, the remaining bar (not for unlimited plans) and 'Resets on'. */
export function TokenUsage({ usage }: { usage: UsageView }) {
  const pct = usage.limit ? Math.round(((usage.remaining ?? 0) / usage.limit) * 100) : 100
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge
          tone={usage.plan === 'pro' || usage.plan === 'monthly' ? 'brand' : usage.plan === 'trial' ? 'green' : 'slate'}
        >
          {usage.planLabel}
        </Badge>
        {usage.email ? <span className="text-sm text-slate-600 wrap-anywhere">{usage.email}</span> : null}
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">Usage</dt>
          <dd className="mt-1 font-medium" data-testid="usage">
            {usage.limit === null ? 'unlimited' : `${usage.used} of ${usage.limit} used`}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">Remaining</dt>
          <dd className="mt-1 font-medium" data-testid="remaining">
            {usage.limit === null
              ? 'Unlimited'
              : `${usage.expired ? 0 : usage.remaining} questionnaire${usage.remaining === 1 ? '' : 's'}`}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">
            {usage.expired ? 'Expired on' : 'Resets on'}
          </dt>
          <dd className="mt-1 font-medium">
            {usage.resetDate ? new Date(usage.resetDate).toUTCString().replace(' GMT', ' UTC') : 'Never'}
          </dd>
        </div>
      </dl>
      {usage.limit !== null ? (
        <div
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Questionnaires remaining"
          aria-valuemin={0}
          aria-valuemax={usage.limit}
          aria-valuenow={usage.expired ? 0 : (usage.remaining ?? 0)}
        >
          <div
            className={`h-full ${usage.canUpload ? 'bg-green-500' : 'bg-amber-500'}`}
            style={{ width: `${usage.expired ? 0 : pct}%` }}
          />
        </div>
      ) : null}
    </div>
  )
}

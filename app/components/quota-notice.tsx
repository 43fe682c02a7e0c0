/** The amber notice for a token that cannot take another questionnaire, with the way out. */
export function QuotaNotice({
  reason,
  expiresAt,
  className = '',
  statusLink = true,
  topUp,
}: {
  reason: 'exhausted' | 'expired'
  expiresAt?: string | null
  className?: string
  statusLink?: boolean
  /** A questionnaire of this token: offers the $49 per-questionnaire checkout, which adds one to the token. */
  topUp?: string | null
}) {
  return (
    <div
      role="alert"
      data-testid="quota-notice"
      className={`rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 ${className}`}
    >
      <p className="font-semibold">Token quota exhausted. Purchase a plan to continue.</p>
      {reason === 'expired' ? (
        <p className="mt-1">
          This access token has expired{expiresAt ? ` (${new Date(expiresAt).toUTCString()})` : ''}. Earlier results
          stay listed on the token status page until their files are deleted.
        </p>
      ) : (
        <p className="mt-1">Every questionnaire of this token has been used.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <a
          href="/#pricing"
          className="inline-flex items-center rounded-md bg-amber-600 px-3 py-1.5 font-medium text-white hover:bg-amber-700"
        >
          View Pricing
        </a>
        {topUp ? (
          <a
            href={`/checkout?questionnaireId=${encodeURIComponent(topUp)}`}
            className="inline-flex items-center rounded-md border border-amber-300 bg-white px-3 py-1.5 font-medium text-amber-900 hover:bg-amber-100"
          >
            Add one questionnaire ($49)
          </a>
        ) : null}
        {statusLink ? (
          <a
            href="/token-status"
            className="inline-flex items-center rounded-md border border-amber-300 bg-white px-3 py-1.5 font-medium text-amber-900 hover:bg-amber-100"
          >
            Token status
          </a>
        ) : null}
      </div>
    </div>
  )
}

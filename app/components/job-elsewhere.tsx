import { KeyRound, MonitorSmartphone } from 'lucide-react'
import { ButtonLink, Card } from './ui'

/**
 * A job link opened without a session (another browser or device, or after signing out). Jobs belong to the
 * token that created them, so the way back is the token: its status page lists recent questionnaires.
 */
export function JobElsewhere() {
  return (
    <Card className="mx-auto max-w-xl sm:p-8">
      <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <MonitorSmartphone aria-hidden className="h-6 w-6" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Open this job with your access token</h1>
      <p className="mt-3 leading-7 text-slate-700">
        This job link only opens in the browser where its questionnaire was uploaded. To see its progress or download
        its results here, enter your access token on the Token Status page: it lists your recent questionnaires with
        their downloads.
      </p>
      <p className="mt-3 text-sm leading-6 text-slate-600">
        Results are deleted 1 hour after processing; after that, upload the questionnaire again.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink href="/token-status">
          <KeyRound aria-hidden className="h-4 w-4" />
          Check Token Status
        </ButtonLink>
        <ButtonLink href="/upload" variant="secondary">
          Enter Token to Upload
        </ButtonLink>
      </div>
    </Card>
  )
}

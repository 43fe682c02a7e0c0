import { XCircle } from 'lucide-react'
import { ButtonLink, Card } from './ui'

export function JobFailed({ error }: { error: string | null }) {
  return (
    <Card className="mx-auto max-w-xl text-center sm:p-8">
      <span className="mx-auto grid h-12 w-12 place-items-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200">
        <XCircle aria-hidden className="h-6 w-6" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-red-800">Processing Failed</h1>
      <p className="mt-3 leading-7 text-slate-700" role="alert">
        {error ?? 'AI processing encountered an error'}
      </p>
      <div className="mt-6">
        <ButtonLink href="/upload">Try Again</ButtonLink>
      </div>
    </Card>
  )
}

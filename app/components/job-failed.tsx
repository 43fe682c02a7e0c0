import { ButtonLink, Card } from './ui'

export function JobFailed({ error }: { error: string | null }) {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <h1 className="text-2xl font-semibold text-red-700">Processing Failed</h1>
      <p className="mt-3 text-slate-700" role="alert">
        {error ?? 'AI processing encountered an error'}
      </p>
      <div className="mt-6">
        <ButtonLink href="/upload">Try Again</ButtonLink>
      </div>
    </Card>
  )
}

import type { MetaFunction } from '@remix-run/node'
import { ButtonLink } from '../components/ui'

export const meta: MetaFunction = () => [
  { title: 'QFill: security questionnaires answered from your own evidence' },
  { name: 'description', content: 'Upload a SIG, CAIQ, HECVAT or custom questionnaire and your policies; get it back filled in with cited answers.' },
]

export default function Home() {
  return (
    <div className="mx-auto max-w-4xl px-6 py-20 text-center">
      <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Security questionnaires, answered from your own evidence</h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
        Upload the questionnaire and up to 10 evidence files. Get back the same workbook, filled in, with a confidence score and a verbatim
        citation for every answer, and a one-page executive summary.
      </p>
      <div className="mt-10 flex justify-center gap-4">
        <ButtonLink href="/upload">Get Started</ButtonLink>
      </div>
    </div>
  )
}

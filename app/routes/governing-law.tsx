import type { MetaFunction } from '@remix-run/node'
import { Scale } from 'lucide-react'
import { GoverningLawText } from '../components/legal-text'
import { StaticPage } from '../components/static-page'

export const meta: MetaFunction = () => [
  { title: 'Governing Law & Disputes | QFill' },
  {
    name: 'description',
    content:
      'Swiss law governs QFill’s terms; disputes go to negotiation, mediation in Zurich, then the Zurich courts or expedited arbitration.',
  },
]

export default function GoverningLaw() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Governing Law & Disputes"
      icon={Scale}
      lead="Swiss law applies, and every step of a dispute takes place in Zurich, in English."
      updated="Last updated: July 9, 2025"
    >
      <GoverningLawText headingLevel="h2" />
    </StaticPage>
  )
}

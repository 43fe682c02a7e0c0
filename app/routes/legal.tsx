import type { MetaFunction } from '@remix-run/node'
import { EVIDENCE_MAX_BYTES, MAX_EVIDENCE_FILES, MB, QUESTIONNAIRE_MAX_BYTES } from '../uploads/limits'

export const meta: MetaFunction = () => [{ title: 'Terms, Privacy and Governing Law | QFill' }]

export default function Legal() {
  return (
    <article className="mx-auto max-w-3xl space-y-8 px-6 py-12 text-slate-700 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc">
      <header>
        <h1 className="text-3xl font-semibold text-slate-900">Terms, Privacy and Governing Law</h1>
        <p className="mt-2 text-sm">Last updated July 9, 2025</p>
      </header>
      <section id="terms" className="space-y-3">
        <h2>Terms of Service</h2>
        <p>
          QFill answers security and compliance questionnaires from documents you upload. Answers are drafts for your review: every answer
          carries a confidence score and the evidence it rests on, and answers under 85 % confidence are flagged.
        </p>
        <ul className="space-y-1">
          <li>Access is by access token. Keep your token private; anyone holding it can use its quota and see its results.</li>
          <li>Do not upload malware, illegal content, or regulated data you are not authorised to share.</li>
          <li>The service is provided on a best-effort basis, with no uptime guarantee or service-level agreement.</li>
          <li>Liability is limited to the fees you paid in the preceding 12 months; indirect damages are excluded.</li>
        </ul>
        <p>Ticking "I agree to the Terms of Service" and continuing means you accept these terms.</p>
      </section>
      <section id="privacy" className="space-y-3">
        <h2>Data handling and privacy</h2>
        <ul className="space-y-1">
          <li>
            Uploads are limited to one questionnaire of {QUESTIONNAIRE_MAX_BYTES / MB} MB and {MAX_EVIDENCE_FILES} evidence files of{' '}
            {EVIDENCE_MAX_BYTES / MB} MB each.
          </li>
          <li>Files are encrypted at rest (AES-256-GCM). Your uploads are deleted as soon as the results exist.</li>
          <li>Results are deleted 1 hour after processing, or at once when you choose "Delete Files Now".</li>
          <li>Your documents are never used to train models. With the built-in engine they never leave the service.</li>
        </ul>
      </section>
      <section id="governing-law" className="space-y-3">
        <h2>Governing law</h2>
        <p>
          Swiss law applies. Disputes are first negotiated for 14 calendar days after written notice, then mediated under the Swiss rules of
          mediation (seat Zurich, English). Claims up to CHF 30,000 go to the district court of Zurich in summary procedure; larger claims to
          expedited international arbitration before a single arbitrator (seat Zurich, English). Exclusive forum: Zurich.
        </p>
      </section>
    </article>
  )
}

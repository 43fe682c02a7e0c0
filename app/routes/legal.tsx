import type { MetaFunction } from '@remix-run/node'
import { FileText } from 'lucide-react'
import { GoverningLawText } from '../components/legal-text'
import { CONTACT, StaticPage } from '../components/static-page'
import { EVIDENCE_MAX_BYTES, MAX_EVIDENCE_FILES, MB, QUESTIONNAIRE_MAX_BYTES } from '../uploads/limits'

export const meta: MetaFunction = () => [{ title: 'Terms, Privacy and Governing Law | QFill' }]

export default function Legal() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Terms, Privacy and Governing Law"
      icon={FileText}
      lead="The terms you accept when you tick “I agree to the Terms of Service”, how we handle your data, and which law applies."
      updated="Last updated: July 9, 2025"
      toc={[
        { href: '#terms', label: 'Terms of Service' },
        { href: '#data-handling', label: 'Data handling' },
        { href: '#privacy', label: 'Privacy' },
        { href: '#governing-law', label: 'Governing law' },
      ]}
    >
      <section aria-labelledby="terms">
        <h2 id="terms">Terms of Service</h2>
        <h3>1. The service</h3>
        <p>
          QFill answers security and compliance questionnaires from documents you upload and returns the questionnaire
          filled in, with a one-page summary. Answers are drafts for your review: every answer carries a confidence
          score and the evidence it rests on, answers under 85% confidence are flagged, and questions your evidence does
          not cover are left for you. You remain responsible for what you send to your customers.
        </p>
        <h3>2. Access and tokens</h3>
        <ul>
          <li>
            There are no user accounts. Access is by access token, issued for a free trial, a single purchase or a
            subscription.
          </li>
          <li>
            Keep your token private. Anyone holding it can use its remaining quota and see and download its results.
          </li>
          <li>
            A free trial covers 2 questionnaires and is open to corporate e-mail addresses only. Pay Per Use covers one
            questionnaire; Professional covers unlimited questionnaires for 30 days, renewed with each monthly payment.
          </li>
        </ul>
        <h3>3. Acceptable use</h3>
        <ul>
          <li>
            Do not upload malware, illegal content, or regulated data (such as health or payment card data) you are not
            authorised to share.
          </li>
          <li>Do not attempt to break, overload or circumvent the service, its limits or its security.</li>
          <li>
            Uploads are limited to one questionnaire of {QUESTIONNAIRE_MAX_BYTES / MB} MB and {MAX_EVIDENCE_FILES}{' '}
            evidence files of {EVIDENCE_MAX_BYTES / MB} MB each.
          </li>
        </ul>
        <h3>4. Availability</h3>
        <p>
          The service is provided on a best-effort basis, with no uptime guarantee or service-level agreement. Live
          state: <a href="/status">System Status</a>.
        </p>
        <h3>5. Liability</h3>
        <p>
          Our total liability is limited to the fees you paid in the 12 months preceding the claim. Indirect and
          consequential damages, lost profits and lost data are excluded, to the extent the law allows.
        </p>
        <h3>6. Acceptance</h3>
        <p>Ticking “I agree to the Terms of Service” and continuing means you accept these terms.</p>
      </section>

      <section aria-labelledby="data-handling">
        <h2 id="data-handling">Data handling</h2>
        <ul>
          <li>
            Your evidence files are deleted as soon as the results exist; the results and your questionnaire (kept so
            that Review Answers can rebuild them) are deleted one hour after processing, or at once on request.
          </li>
          <li>Your documents are never used to train models.</li>
          <li>We rely only on vetted infrastructure providers, listed below.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy">
        <h2 id="privacy">Privacy</h2>
        <ul>
          <li>Hosting: the service runs in a US cloud region.</li>
          <li>
            Files are encrypted at rest with AES-256-GCM and travel over HTTPS (TLS 1.3 where your browser supports it).
          </li>
          <li>Processing of each questionnaire runs in an isolated worker with its own memory limits.</li>
          <li>
            Every upload is scanned against a blocklist of known malware hashes and checked for a file type matching its
            name.
          </li>
          <li>Provider categories: cloud compute, payment gateway, transactional e-mail.</li>
        </ul>
        <p>
          The full policy, with what we collect, why, how long we keep it and your rights, is the{' '}
          <a href="/privacy">Privacy Policy</a>. Contact: <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>.
        </p>
      </section>

      <section aria-labelledby="governing-law">
        <h2 id="governing-law">Governing law</h2>
        <GoverningLawText />
      </section>
    </StaticPage>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary'

import type { MetaFunction } from '@remix-run/node'
import { ShieldCheck } from 'lucide-react'
import { CONTACT, StaticPage } from '../components/static-page'
import { EVIDENCE_MAX_BYTES, MAX_EVIDENCE_FILES, MB, QUESTIONNAIRE_MAX_BYTES } from '../uploads/limits'

export const meta: MetaFunction = () => [
  { title: 'Security & Compliance | QFill' },
  {
    name: 'description',
    content:
      'How QFill protects the documents you upload: encryption at rest, deletion after 1 hour, upload scanning, rate limits and token-bound access.',
  },
]

/**
 * Each statement here describes what the code does (app/storage, jobs/purge-expired-files.ts, app/uploads,
 * app/access, app/http). Change the code and this page together.
 */
export default function Security() {
  return (
    <StaticPage
      eyebrow="Trust"
      title="Security & Compliance"
      icon={ShieldCheck}
      lead="You upload the documents that describe your security. Here is exactly what happens to them, stated only where the software does it."
      toc={[
        { href: '#encryption', label: 'Encryption' },
        { href: '#retention', label: 'Retention and deletion' },
        { href: '#uploads', label: 'Upload checks' },
        { href: '#access', label: 'Access control' },
        { href: '#abuse', label: 'Rate limits' },
        { href: '#ai', label: 'AI and your data' },
        { href: '#report', label: 'Reporting a vulnerability' },
      ]}
    >
      <h2 id="encryption">Encryption</h2>
      <ul>
        <li>
          <strong>At rest: AES-256-GCM.</strong> Every uploaded and generated file is encrypted with AES-256 in GCM mode
          before it is stored, with a fresh random 96-bit nonce per file and the file’s job and role bound as
          authenticated data, so a stored file cannot be swapped into another job without failing decryption.
        </li>
        <li>
          <strong>In transit: HTTPS.</strong> The hosted service is only served over HTTPS; session cookies are marked
          Secure, HttpOnly and SameSite=Lax whenever the request arrived over HTTPS.
        </li>
        <li>
          <strong>Tokens are never stored.</strong> Only a SHA-256 hash of each access token is kept, so a copy of our
          database does not reveal any token.
        </li>
      </ul>

      <h2 id="retention">Retention and deletion</h2>
      <ul>
        <li>
          Your uploaded questionnaire and evidence files are deleted in the same transaction that stores the results.
        </li>
        <li>
          The results (filled workbook and PDF summary) are deleted <strong>1 hour after processing</strong>. A purge
          task runs every minute and removes every file whose hour has passed; the result screen counts down the time
          left.
        </li>
        <li>
          “Delete Files Now” on the result screen deletes every file of the job at once, and stops processing if it is
          still running.
        </li>
        <li>
          What remains after deletion is the job’s bookkeeping: its status, counts and average confidence, without any
          file contents.
        </li>
      </ul>

      <h2 id="uploads">Upload checks</h2>
      <ul>
        <li>
          Limits are enforced by the server while the upload streams in, not only in the page: one questionnaire of up
          to {QUESTIONNAIRE_MAX_BYTES / MB} MB and up to {MAX_EVIDENCE_FILES} evidence files of up to{' '}
          {EVIDENCE_MAX_BYTES / MB} MB each. The access token is checked before any of the body is read.
        </li>
        <li>
          Every file is scanned on arrival, and so is every file inside an archive or Office document, nested ones
          included: its SHA-256 hash is checked against a blocklist of known malware (and the EICAR test file is
          recognised as its standard defines it), and its first bytes (its “magic bytes”) must match the type its name
          claims, so an executable renamed to .pdf is refused.
        </li>
        <li>
          Archives and documents are unpacked with budgets: a zip file that expands beyond 100 MB or more than 100 times
          its size is not unpacked, so a “zip bomb” cannot exhaust the service.
        </li>
      </ul>

      <h2 id="access">Access control</h2>
      <ul>
        <li>No accounts and no passwords: access is by token. Each job belongs to the token that created it.</li>
        <li>Job IDs are long and random. A job of another token looks exactly like one that does not exist.</li>
        <li>
          Free-trial tokens are issued to corporate e-mail addresses only and expire; paid tokens carry their own quota
          and expiry.
        </li>
      </ul>

      <h2 id="abuse">Rate limits</h2>
      <p>
        Requests are budgeted by who sends them: everything done with your token counts against your token alone,
        generously enough for a whole review; requests without a token count against the client’s address, and wrong
        tokens and trial sign-ups against tight per-address limits, so that tokens cannot be guessed and the service
        stays responsive for everyone. A client over its limit receives HTTP 429 with the seconds to wait (Retry-After);
        the figures are on the <a href="/help#limits">help page</a>.
      </p>

      <h2 id="ai">AI and your data</h2>
      <ul>
        <li>
          <strong>No training on customer data.</strong> Your documents are never used to train or improve any model.
        </li>
        <li>
          The built-in engine answers on our own servers: with it, your documents are not sent to any third party. If
          the operator configures an external model provider, the relevant passages are sent to that provider for
          answering only.
        </li>
        <li>
          Every citation is checked word for word against the evidence before it is written; a quote that is not in the
          file is removed.
        </li>
      </ul>

      <h2 id="report">Reporting a vulnerability</h2>
      <p>
        Write to <a href={`mailto:${CONTACT.security}`}>{CONTACT.security}</a>. We acknowledge reports within 24 hours
        and keep you informed until the issue is fixed. Please do not access other customers’ data or degrade the
        service while testing.
      </p>
      <p>
        Live state of the service: <a href="/status">System Status</a>. How we handle personal data:{' '}
        <a href="/privacy">Privacy Policy</a>.
      </p>
    </StaticPage>
  )
}

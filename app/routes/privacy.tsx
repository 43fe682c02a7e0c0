import type { MetaFunction } from '@remix-run/node'
import { ArrowLeft, Lock } from 'lucide-react'
import { CONTACT, StaticPage } from '../components/static-page'

export const meta: MetaFunction = () => [
  { title: 'Privacy Policy | QFill' },
  {
    name: 'description',
    content: 'What QFill collects, why, how long it is kept, who it is shared with, and how to reach us.',
  },
]

export const RETENTION: { data: string; kept: string }[] = [
  { data: 'Uploaded evidence files', kept: 'Deleted as soon as the results exist (minutes)' },
  {
    data: 'Uploaded questionnaire',
    kept: 'With the results (so Review Answers can rebuild them): 1 hour after processing, or at once on “Delete Files Now”',
  },
  { data: 'Results (filled workbook, PDF summary)', kept: '1 hour after processing, or at once on “Delete Files Now”' },
  {
    data: 'E-mail address linked to a token',
    kept: 'While the token is active; deleted a day after it expires or is revoked (for a free trial, a one-way hash of the address stays, so each address gets one trial)',
  },
  {
    data: 'Usage records (jobs per token, counts, average confidence, payment references)',
    kept: '12 months, then deleted',
  },
  { data: 'Sign-in sessions (a browser cookie and its server record)', kept: 'Until sign-out or expiry' },
  {
    data: 'E-mails our server could not deliver (kept for the operator to forward; an access token in them is kept only encrypted, never in the clear)',
    kept: '7 days',
  },
  {
    data: 'IP addresses and token numbers (rate limiting only)',
    kept: 'At most an hour after their counting window',
  },
  {
    data: 'Request and error logs',
    kept: 'Not stored by QFill: written to the hosting platform’s log stream, kept there at most 30 days',
  },
  { data: 'Card and payment details', kept: 'Never stored by us: handled by the card payment provider' },
]

export default function Privacy() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Privacy Policy"
      icon={Lock}
      lead="QFill collects as little as it can and deletes your documents within the hour."
      updated={
        <>
          <a href="/" className="mb-3 inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
            <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Home
          </a>
          <span className="block">Last updated: July 1, 2025 · Effective for data collected from March 1, 2025</span>
        </>
      }
      toc={[
        { href: '#collect', label: 'What we collect' },
        { href: '#purposes', label: 'Why we use it' },
        { href: '#retention', label: 'How long we keep it' },
        { href: '#sharing', label: 'Who we share it with' },
        { href: '#cookies', label: 'Cookies' },
        { href: '#rights', label: 'Your rights' },
        { href: '#contact', label: 'Contact' },
      ]}
    >
      <p>
        This policy explains how QFill handles personal data when you use the website, the API or the command line. It
        applies to data collected from March 1, 2025. QFill is operated under Swiss law; see{' '}
        <a href="/governing-law">Governing Law</a>.
      </p>

      <h2 id="collect">What we collect</h2>
      <h3>Account information</h3>
      <ul>
        <li>
          Your e-mail address, when you start a free trial or buy a plan, so we can send your access token and receipts.
        </li>
        <li>
          Payment information, which is entered on and handled by our card payment provider; we receive only whether a
          payment succeeded.
        </li>
        <li>Usage data: which token processed how many questionnaires, and when.</li>
      </ul>
      <h3>Documents</h3>
      <ul>
        <li>The questionnaires and evidence files you upload, and the results we produce from them.</li>
        <li>
          File metadata: names, sizes and types of the files, and processing statistics such as question counts and
          average confidence.
        </li>
      </ul>
      <h3>Technical information</h3>
      <ul>
        <li>
          Your IP address, to rate-limit requests (held in our database for at most an hour after its counting window);
          request logs (method, path, status, duration: no IP address, token, e-mail address or file name; when we send
          you an e-mail, the log names you only by a keyed hash of your address); token usage (a hash of the token,
          never the token itself); errors, in the same logs. Your access token leaves our server only in the e-mail sent
          to you, or on the token page after payment: when an e-mail cannot be sent, the copy kept for our operator
          holds the token encrypted, and only an operator on the server can unseal it to pass it on to you.
        </li>
      </ul>

      <h2 id="purposes">Why we use it</h2>
      <ul>
        <li>To provide the service: answer your questionnaire and let you download the results.</li>
        <li>To manage access: issue tokens, count quota, process payments and send the e-mails you asked for.</li>
        <li>To keep the service secure and working: detect abuse, enforce rate limits and fix errors.</li>
        <li>
          We never use your documents to train or improve AI models, never sell personal data and never use it for
          advertising.
        </li>
      </ul>

      <h2 id="retention">How long we keep it</h2>
      <table>
        <caption className="sr-only">Retention periods by kind of data</caption>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Kept for</th>
          </tr>
        </thead>
        <tbody>
          {RETENTION.map((r) => (
            <tr key={r.data}>
              <td>{r.data}</td>
              <td>{r.kept}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 id="sharing">Who we share it with</h2>
      <p>
        We do not sell or rent personal data. We share it only with the infrastructure providers the service cannot run
        without, each bound to process it only on our behalf:
      </p>
      <ul>
        <li>Cloud compute and storage (hosting of the application and its database).</li>
        <li>The card payment gateway (payments for paid plans).</li>
        <li>A transactional e-mail provider (access tokens and receipts).</li>
      </ul>
      <p>We disclose data to authorities only where Swiss law obliges us to.</p>

      <h2 id="cookies">Cookies</h2>
      <p>QFill sets only essential cookies, and no analytics, advertising or third-party cookies:</p>
      <ul>
        <li>
          <code>qfill_session</code>: keeps you signed in with your token in this browser (signed, HttpOnly, up to 30
          days, removed when you go back to the token page).
        </li>
        <li>
          <code>qfill_toast</code>: carries a one-time notice (such as “Processing Started”) to the next page, then is
          cleared.
        </li>
      </ul>

      <h2 id="rights">Your rights</h2>
      <p>
        You can ask for a copy of the personal data we hold about you, have it corrected or deleted, or object to its
        use. Deleting your e-mail address ends access by the tokens linked to it. You may also complain to the Swiss
        Federal Data Protection and Information Commissioner (FDPIC).
      </p>

      <h2 id="contact">Contact</h2>
      <p>
        Questions or requests about privacy: <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>. We reply
        within 1–3 business days.
      </p>
    </StaticPage>
  )
}

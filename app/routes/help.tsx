import type { MetaFunction } from '@remix-run/node'
import { LifeBuoy } from 'lucide-react'
import { CONTACT, StaticPage } from '../components/static-page'
import { LIMIT_TABLE } from '../http/limits'
import {
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TYPES_TEXT,
  MAX_EVIDENCE_FILES,
  MB,
  QUESTIONNAIRE_MAX_BYTES,
} from '../uploads/limits'

export const meta: MetaFunction = () => [
  { title: 'Help Center | QFill' },
  {
    name: 'description',
    content: 'Formats, limits, how answers and flags work, how long files are kept, and how access tokens work.',
  },
]

const FAQ: { id: string; group: string; items: { q: string; a: React.ReactNode }[] }[] = [
  {
    id: 'files',
    group: 'Files and limits',
    items: [
      {
        q: 'Which questionnaire formats can I upload?',
        a: 'Excel workbooks (.xlsx and .xls), Word documents (.docx) and CSV files. SIG Lite and Core, CAIQ, HECVAT and home-made questionnaires all work: QFill finds the question and answer columns itself and writes the answers back into the same file, keeping its sheets, formatting and dropdowns.',
      },
      {
        q: 'Which evidence files can I add?',
        a: `${EVIDENCE_TYPES_TEXT}. Good evidence is what an auditor would read: security policies, SOC 2 or ISO 27001 reports, architecture papers, and questionnaires you answered before (a filled .xlsx or .csv is used as an answer library). Scanned PDFs without a text layer cannot be read; the result screen says so for each file.`,
      },
      {
        q: 'How large can files be?',
        a: (
          <>
            One questionnaire of up to <strong>{QUESTIONNAIRE_MAX_BYTES / MB} MB</strong>, and up to{' '}
            <strong>{MAX_EVIDENCE_FILES} evidence files</strong> of up to{' '}
            <strong>{EVIDENCE_MAX_BYTES / MB} MB each</strong>. These limits are enforced by the server, not just the
            page; a larger upload is refused with a message saying which file is too big.
          </>
        ),
      },
      {
        q: 'Is evidence required?',
        a: 'No, but it is what the answers are built from. Without evidence every question is left for you and flagged, because QFill never answers from guesswork.',
      },
    ],
  },
  {
    id: 'answers',
    group: 'Answers and flags',
    items: [
      {
        q: 'How are answers produced?',
        a: 'Each question is matched against the passages of your evidence. An answer is written only when a passage supports it, in the answer vocabulary of your questionnaire (Yes, No, Partially, N/A or the options of its dropdown), with a verbatim quote of that passage, the file it came from and a confidence score.',
      },
      {
        q: 'What does a flag mean?',
        a: 'An answer with less than 85% confidence is flagged for review, and so is a question your evidence does not address: its answer cell is left empty with a note saying what to supply. Answers that were already in the uploaded file are kept, never overwritten. The result screen lists every flagged question, lowest confidence first.',
      },
      {
        q: 'What do I download?',
        a: 'Your questionnaire, filled in, with comments holding the citations and a _SUMMARY sheet of confidence scores; and a one-page PDF executive summary with coverage, average confidence and the questions that need review.',
      },
      {
        q: 'How long does processing take?',
        a: 'With the built-in engine, typically under a minute for a few hundred questions; reading large PDFs takes most of that time. The progress screen shows each stage and the number of questions done.',
      },
    ],
  },
  {
    id: 'retention',
    group: 'Retention and deletion',
    items: [
      {
        q: 'How long are my files kept?',
        a: 'Your evidence files are deleted as soon as the results exist. The results, and your questionnaire (kept so that Review Answers can rebuild them), are deleted 1 hour after processing; the result screen shows how long is left. “Delete Files Now” removes everything at once.',
      },
      {
        q: 'Can I get my results after they were deleted?',
        a: 'No. Deleted files cannot be recovered by us or anyone else; upload again if you need a new copy.',
      },
      {
        q: 'Are my documents used to train AI models?',
        a: 'No. Your documents are never used to train or improve any model.',
      },
    ],
  },
  {
    id: 'tokens',
    group: 'Access tokens',
    items: [
      {
        q: 'What is an access token?',
        a: 'There are no accounts or passwords. A token (it starts with qf_) is your key: enter it on the upload page to process questionnaires. Keep it private; whoever holds it can use what remains on it.',
      },
      {
        q: 'How do I get one?',
        a: 'Start a free trial with your work e-mail (2 questionnaires; personal webmail addresses are not accepted), pay $49 for one questionnaire, or subscribe to Professional for $199 a month (unlimited questionnaires, 30-day token renewed with each payment).',
      },
      {
        q: 'I opened a job link in another browser and it will not show. Why?',
        a: 'A job is tied to the browser session that entered the token. Enter your token on the Token Status page to see your recent questionnaires and download their results from anywhere.',
      },
      {
        q: 'How many questionnaires do I have left?',
        a: 'The Token Status page shows your plan, how many questionnaires are used and remain, and when the token resets or expires.',
      },
    ],
  },
  {
    id: 'limits',
    group: 'Request limits',
    items: [
      {
        q: 'How many requests may I send?',
        a: (
          <>
            Requests are counted by who sends them. Once you have entered your token (or send it to the API), everything
            you do counts against your token alone, wherever you are: colleagues behind the same office address do not
            share it, and a whole review, saved row by row while the page checks progress every few seconds, uses a
            fraction of it.
            <table className="mt-3 w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Limit
                  </th>
                </tr>
              </thead>
              <tbody>
                {LIMIT_TABLE.map((row) => (
                  <tr key={row.who} className="border-t border-slate-200 align-top">
                    <td className="py-1 pr-4">{row.who}</td>
                    <td className="py-1 whitespace-nowrap">{row.limit}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ),
      },
      {
        q: 'What happens over a limit?',
        a: 'The server answers 429 Too Many Requests with a Retry-After header saying how many seconds to wait, and RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy headers on every counted response. Wait that long and send the request again: nothing is lost. The limits on wrong tokens and free trials are per address and reset every minute.',
      },
    ],
  },
]

export default function Help() {
  return (
    <StaticPage
      eyebrow="Support"
      title="Help Center"
      icon={LifeBuoy}
      lead="Answers to the questions people ask before and after their first upload."
      toc={FAQ.map((g) => ({ href: `#${g.id}`, label: g.group }))}
    >
      {FAQ.map((group) => (
        <section key={group.id} aria-labelledby={group.id}>
          <h2 id={group.id}>{group.group}</h2>
          <div className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
            {group.items.map((item) => (
              <details key={item.q} className="group py-1" open>
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded py-3 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                  <h3 className="text-base">{item.q}</h3>
                  <span aria-hidden className="text-slate-500 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <div className="pb-4 text-slate-700">{item.a}</div>
              </details>
            ))}
          </div>
        </section>
      ))}
      <h2 id="contact">Still stuck?</h2>
      <p>
        Write to <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a> with your job ID (never your token). See
        also <a href="/security">Security</a>, <a href="/privacy">Privacy</a> and the live{' '}
        <a href="/status">system status</a>.
      </p>
    </StaticPage>
  )
}

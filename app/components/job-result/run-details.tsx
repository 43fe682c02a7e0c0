import type { ResultView } from './model'
import { Card } from '../ui'

/** What the run read: each evidence file with the text it gave (or why it gave none), and how the questionnaire was read. */
export function RunDetails({ job }: { job: ResultView }) {
  return (
    <Card>
      <h2 className="font-semibold">What was read</h2>
      <p className="mt-1 text-sm text-slate-600">Answered by the {job.engine} engine.</p>
      {job.evidence.length ? (
        <ul className="mt-4 divide-y divide-slate-100 text-sm" aria-label="Evidence files">
          {job.evidence.map((e) => (
            <li key={e.file} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium">{e.file}</span>
              <span className={e.status === 'ok' ? 'text-right text-slate-600' : 'text-right text-amber-800'}>
                {e.status === 'ok'
                  ? `${e.chars.toLocaleString('en-US')} characters of text`
                  : (e.message ?? 'No text found')}
                {e.status === 'ok' && e.message ? <span className="block text-amber-800">{e.message}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-amber-800">
          No evidence files were uploaded, so every answer is flagged for review.
        </p>
      )}
      {job.notes.length ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer text-slate-700">
            How the questionnaire was read ({job.notes.length} {job.notes.length === 1 ? 'note' : 'notes'})
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-600">
            {job.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  )
}

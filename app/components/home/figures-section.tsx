import { MEASURED, questionsPerMinute, unflaggedPrecision } from './figures'

/** Measured figures only (docs/benchmarks.md), each with how it was measured. */
export function Figures() {
  const stats = [
    {
      value: `${questionsPerMinute.toLocaleString('en-US')}`,
      label: 'questions per minute',
      note: `${MEASURED.questions} questions, evidence reading included, in ${MEASURED.seconds} s`,
    },
    {
      value: `${unflaggedPrecision}%`,
      label: 'of unflagged answers correct',
      note: `${MEASURED.unflaggedCorrect} of ${MEASURED.unflaggedTotal} matched the vendor’s own answer`,
    },
    {
      value: `${MEASURED.invalidCitations}`,
      label: 'invented citations',
      note: `${MEASURED.citationsChecked} quotes re-checked word for word against their files`,
    },
    { value: '1 hour', label: 'until your files are deleted', note: 'or at once, with one click on the result screen' },
  ]
  return (
    <section
      aria-labelledby="figures-title"
      className="border-b border-slate-200 bg-slate-900 px-4 py-14 text-white sm:px-6"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="figures-title" className="sr-only">
          Measured results
        </h2>
        <dl className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label}>
              <dt className="text-sm text-slate-300">{s.label}</dt>
              <dd className="order-first text-4xl font-semibold tracking-tight">{s.value}</dd>
              <dd className="mt-2 text-sm leading-6 text-slate-300">{s.note}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-10 max-w-4xl border-t border-slate-700 pt-6 text-sm leading-6 text-slate-300">
          How we measured: the built-in engine answered {MEASURED.sets}, using only the vendors’ public security papers
          as evidence, and its answers were compared with the answers the vendors gave themselves (our accuracy
          benchmark, on a 2-core machine). Public papers do not address every question: the engine wrote a Yes or No on{' '}
          {MEASURED.writtenShare}% of the Yes/No questions ({MEASURED.writtenPrecision}% of them matching the vendor),
          {MEASURED.writtenShareWithLibrary}% when an earlier answered questionnaire of the company’s was among the
          evidence, and left the rest blank and flagged for you, never guessed. Your own evidence usually covers far
          more.
        </p>
      </div>
    </section>
  )
}

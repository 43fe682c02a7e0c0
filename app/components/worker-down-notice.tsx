import { Notice } from './ui'

/**
 * No answering worker is running (its heartbeat is stale). On the upload page it is shown before anything is
 * spent: the upload is still accepted and queued, and the user knows it will wait (ADR 025). On a queued job's
 * progress page it says why nothing moves.
 */
export function WorkerDownNotice({ when, className = '' }: { when: 'upload' | 'queued'; className?: string }) {
  const status = (
    <a href="/status" className="font-medium underline">
      System Status
    </a>
  )
  return (
    <div className={className} data-testid="worker-down">
      <Notice tone="warning" title="Processing is paused right now" live={false}>
        {when === 'upload' ? (
          <>
            No answering worker is running, so a questionnaire you submit now waits in the queue until one starts (
            {status}). Submitting still uses one questionnaire of your token; your files stay encrypted while they wait,
            and the 1-hour deletion clock starts only once processing is done.
          </>
        ) : (
          <>
            No answering worker is running: your questionnaire is safe in the queue and starts as soon as one is back (
            {status}). The 1-hour deletion clock starts only once processing is done.
          </>
        )}
      </Notice>
    </div>
  )
}

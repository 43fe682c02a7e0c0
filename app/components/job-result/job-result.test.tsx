import { describe, expect, it } from 'vitest'
import { html, text } from '../../../tests/support/render'
import { JobResult } from '../job-result'
import { DeleteFilesDialog } from './delete-files-dialog'
import type { ResultView } from './model'
import { NeedsReview } from './needs-review'
import { RunDetails } from './run-details'

const job: ResultView = {
  id: 'abc123def456ghi789jkl012',
  evidenceCount: 1,
  questionCount: 6,
  averageConfidence: 72.4,
  flaggedCount: 2,
  confirmedCount: 0,
  expiresAt: new Date(Date.now() + 50 * 60_000).toISOString(),
  deleted: false,
  xlsx: '/api/result/x/xlsx',
  pdf: '/api/result/x/pdf',
  review: [
    {
      id: 'PH-1',
      row: 7,
      sheet: 'Q',
      question: 'Own data centres?',
      answer: null,
      confidence: 0,
      reason: 'no evidence found',
    },
  ],
  engine: 'offline',
  evidence: [
    { file: 'policy.md', chars: 1234, status: 'ok' },
    { file: 'scan.pdf', chars: 0, status: 'empty', message: 'No text: the PDF is images only' },
  ],
  notes: ['Read as CSV'],
}

describe('the result screen’s pieces', () => {
  it('lists the real flagged questions, and nothing when there are none', () => {
    expect(text(html(<NeedsReview items={job.review} />))).toContain(
      'PH-1 Own data centres? Needs your answer · 0% · no evidence found',
    )
    expect(html(<NeedsReview items={[]} />)).toBe('')
  })

  it('says what was read from each evidence file', () => {
    const details = text(html(<RunDetails job={job} />))
    expect(details).toContain('policy.md 1,234 characters of text')
    expect(details).toContain('scan.pdf No text: the PDF is images only')
    expect(text(html(<RunDetails job={{ ...job, evidence: [] }} />))).toContain('No evidence files were uploaded')
  })

  it('the delete dialog, open without JavaScript, is reachable from #delete-dialog with Cancel focused first', () => {
    const dialog = html(<DeleteFilesDialog jobId={job.id} open onClose={() => {}} />)
    expect(dialog).toMatch(/role="alertdialog"[^>]*|id="delete-dialog"/)
    expect(dialog).toContain('id="delete-dialog"')
    expect(dialog).toMatch(/<a[^>]*autofocus=""[^>]*>Cancel<\/a>/)
    expect(html(<DeleteFilesDialog jobId={job.id} open={false} onClose={() => {}} />)).toBe('')
  })

  it('the whole screen: badges, countdown and the link that opens the dialog without JavaScript', () => {
    const page = html(<JobResult job={job} confirmDelete={false} now={new Date()} />)
    expect(text(page)).toContain('72% Average Confidence')
    expect(text(page)).toContain('2 Flagged for Review')
    expect(page).toContain('href="/?confirm-delete=1#delete-dialog"')
    expect(text(html(<JobResult job={{ ...job, deleted: true }} confirmDelete={false} now={new Date()} />))).toContain(
      `All files for job ${job.id} have been removed from our servers.`,
    )
  })
})

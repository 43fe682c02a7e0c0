import { describe, expect, it } from 'vitest'
import { html, text } from '../../../tests/support/render'
import type { ReviewRowView } from '../../review/view'
import { reviewQuery } from './review-toolbar'
import { ReviewFooter, saveStatusText } from './review-footer'
import { ReviewHeader } from './review-header'
import { ReviewRow } from './review-row'
import { latestRow } from './review-screen'
import { keyAction } from './use-review-keys'

function row(extra: Partial<ReviewRowView> = {}): ReviewRowView {
  return {
    key: 'Q!5',
    id: 'AC-1',
    sheet: 'Q',
    row: 5,
    section: null,
    question: 'Do you require MFA?',
    mode: 'list',
    options: ['Yes', 'No', 'N/A'],
    cellValue: 'Yes',
    answer: 'YES',
    comment: 'Yes. MFA is required.',
    citations: [],
    confidence: 0.72,
    flagged: true,
    reason: 'low confidence',
    confirmed: false,
    needsAnswer: false,
    preexisting: false,
    showConfidence: true,
    ...extra,
  }
}

const rendered = (r: ReviewRowView, draft?: { answer?: string; accept?: boolean }) =>
  html(
    <ReviewRow
      row={r}
      draft={draft}
      saveState={null}
      active={false}
      enhanced
      onActivate={() => {}}
      onEdit={() => {}}
    />,
  )

describe('review rows say one thing', () => {
  it('a kept answer shows the kept value and "Kept from your file", without a confidence or "Needs your answer"', () => {
    const kept = rendered(
      row({ preexisting: true, cellValue: '10/4/2024', mode: 'text', flagged: false, showConfidence: false }),
    )
    expect(text(kept)).toContain('Kept from your file')
    expect(kept).toContain('>10/4/2024</textarea>')
    expect(text(kept)).not.toMatch(/Needs your answer|Confidence/)
  })

  it('a profile row left for the user is an empty editable field without a confidence', () => {
    const profile = rendered(
      row({
        mode: 'text',
        cellValue: '',
        answer: null,
        needsAnswer: true,
        showConfidence: false,
        reason: 'company profile detail: left for you to fill in',
      }),
    )
    expect(profile).toMatch(/<textarea[^>]*name="answer:Q!5"[^>]*placeholder="Your answer"[^>]*><\/textarea>/)
    expect(text(profile)).toContain('Needs your answer')
    expect(text(profile)).not.toContain('Confidence')
  })

  it('a machine answer shows its confidence; an accepted draft shows as confirmed at once', () => {
    expect(text(rendered(row()))).toContain('Confidence 72%')
    const accepted = text(rendered(row(), { accept: true }))
    expect(accepted).toContain('Confirmed by you')
    expect(accepted).not.toContain('Why flagged')
  })

  it('the newer of page and autosave wins, by revision', () => {
    const saved = { row: row({ cellValue: 'No' }), revision: 7 }
    expect(latestRow(row(), saved, 6).cellValue).toBe('No')
    expect(latestRow(row(), saved, 7).cellValue).toBe('Yes')
  })
})

describe('review keys, filters and status', () => {
  const key = (k: string, inControl = false) =>
    keyAction({ key: k, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, inControl })

  it('maps the listed keys, and leaves fields their own keys', () => {
    expect(key('j')).toEqual({ kind: 'move', by: 1 })
    expect(key('ArrowUp')).toEqual({ kind: 'move', by: -1 })
    expect(key('3')).toEqual({ kind: 'choose', n: 3 })
    expect(key('Enter')).toEqual({ kind: 'accept' })
    expect(key('u')).toEqual({ kind: 'undo' })
    expect(key('j', true)).toBeNull()
    expect(key('Escape', true)).toEqual({ kind: 'leave-field' })
    expect(
      keyAction({ key: 'j', altKey: false, ctrlKey: true, metaKey: false, defaultPrevented: false, inControl: false }),
    ).toBeNull()
  })

  it('builds addresses that keep the filter and search and drop defaults', () => {
    expect(reviewQuery({ filter: 'all', q: '', page: 1 }, { page: 2 })).toBe('?filter=all&page=2')
    expect(reviewQuery({ filter: 'flagged', q: 'mfa', page: 3 }, { filter: 'needs', page: null })).toBe(
      '?filter=needs&q=mfa',
    )
  })

  it('says what autosave is doing, a 429 countdown included', () => {
    const idle = { unsaved: 0, sending: false, retryAt: null, problem: null }
    expect(saveStatusText(idle, 0)).toBe('All changes saved')
    expect(saveStatusText({ ...idle, unsaved: 2, sending: true }, 0)).toBe('Saving…')
    expect(
      saveStatusText(
        { unsaved: 3, sending: false, retryAt: 12_000, problem: { kind: 'rate-limited', message: '' } },
        1_000,
      ),
    ).toBe('Too many requests, retrying in 11 s (3 changes kept)')
    expect(
      saveStatusText({ ...idle, unsaved: 1, problem: { kind: 'refused', message: 'Files have been deleted' } }, 0),
    ).toBe('Could not save: Files have been deleted')
  })

  it('the header and footer render the figures and the page-wide buttons', () => {
    const counts = { all: 94, flagged: 3, needs: 2, confirmed: 10 }
    const job = {
      id: 'j1',
      name: 'hecvat.xlsx',
      expiresAt: new Date(Date.now() + 3e6).toISOString(),
      xlsx: '/x',
      pdf: '/p',
      json: '/j',
    }
    const header = text(
      html(
        <ReviewHeader
          job={job}
          now={new Date().toISOString()}
          counts={counts}
          pending
          lastChange="Changed AC-1"
          busy={null}
          undoButton={{ current: null }}
        />,
      ),
    )
    expect(header).toContain('10 of 94 confirmed by you')
    expect(header).toContain('Last change: Changed AC-1.')
    const page = {
      filter: 'all' as const,
      q: '',
      page: 1,
      pages: 2,
      matching: 94,
      rows: [],
      counts,
      revision: 1,
      pending: false,
      lastChange: null,
    }
    const status = { unsaved: 0, sending: false, retryAt: null, problem: null }
    const noJs = text(html(<ReviewFooter page={page} enhanced={false} busy={null} unflagged={4} status={status} />))
    expect(noJs).toMatch(/^Save Accept all unflagged on this page \(4\) 1 \/ 2 Next$/)
    expect(text(html(<ReviewFooter page={page} enhanced busy={null} unflagged={0} status={status} />))).toContain(
      'All changes saved',
    )
  })
})

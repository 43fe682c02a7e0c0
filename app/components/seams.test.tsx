import { describe, expect, it } from 'vitest'
import { html, text } from '../../tests/support/render'
import { jobPercent, stageIndex, STAGES } from './progress'
import { DELETED_TEXT, EXPIRED_TEXT, goneText, QuestionnaireList } from './questionnaire-list'
import { shownWith } from './toast'
import { UploadPanel } from './upload-panel'
import { WorkerDownNotice } from './worker-down-notice'

describe('the seams of the site', () => {
  it('progress follows the worker’s stages, so every label can show', () => {
    const label = (stage: string | null, processed = 0, total = 0) =>
      STAGES[stageIndex(jobPercent(stage, processed, total))]!.label
    expect(label(null)).toBe('Analyzing questionnaire structure')
    expect(label('parsing')).toBe('Analyzing questionnaire structure')
    expect(label('reading evidence', 0, 94)).toBe('Reading evidence documents')
    expect(label('answering', 10, 94)).toBe('Matching evidence to questions')
    expect(label('answering', 80, 94)).toBe('Generating professional answers')
    expect(label('writing', 94, 94)).toBe('Finalizing compliance report')
    expect(jobPercent('answering', 94, 94)).toBe(90)
  })

  it('no success toast over a failure; other toasts stay', () => {
    expect(shownWith({ type: 'success', message: 'Processing Started' }, true)).toBeNull()
    expect(shownWith({ type: 'error', message: 'x' }, true)).toEqual({ type: 'error', message: 'x' })
    expect(shownWith({ type: 'success', message: 'x' }, false)).toEqual({ type: 'success', message: 'x' })
  })

  it('a job deleted on request is not "expired under the 1-hour policy"', () => {
    expect(goneText({ status: 'completed', error: null }, true)).toBe(DELETED_TEXT)
    expect(goneText({ status: 'completed', error: null }, false)).toBe(EXPIRED_TEXT)
    const item = {
      jobId: 'j1',
      fileName: 'a.xlsx',
      status: 'completed' as const,
      totalQuestions: 4,
      completedAt: null,
      averageConfidence: null,
      flaggedQuestions: null,
      error: null,
    }
    const list = text(
      html(<QuestionnaireList active={[]} expired={[item]} deletedOnRequest={['j1']} action="/token-status" />),
    )
    expect(list).toContain('a.xlsx Deleted Files were deleted at your request.')
    expect(list).not.toContain('1-hour security policy')
  })

  it('the delete confirmation on /token-status is a dialog, open from ?confirm= without JavaScript', () => {
    const item = {
      jobId: 'j2',
      fileName: 'b.xlsx',
      status: 'completed' as const,
      totalQuestions: 4,
      completedAt: null,
      averageConfidence: null,
      flaggedQuestions: null,
      error: null,
    }
    const open = html(
      <QuestionnaireList active={[item]} expired={[]} confirmId="j2" action="/token-status" />,
      '/token-status?confirm=j2',
    )
    expect(open).toMatch(/role="alertdialog" aria-modal="true"/)
    expect(open).toMatch(/<a[^>]*autofocus=""[^>]*>Cancel<\/a>/)
    expect(open).toContain('href="/token-status?confirm=j2#delete-dialog"')
  })

  it('the upload panel sends the library and product fields the interface names', () => {
    const panel = html(<UploadPanel serverProblems={[]} />, '/upload')
    expect(panel).toMatch(/<input type="file" name="library" multiple="" accept=".xlsx,.xls,.csv,.docx"/)
    expect(panel).toMatch(/<input type="file" name="evidence" multiple=""/)
    expect(panel).toMatch(/<input id="upload-product" name="product" type="text" maxLength="120"/)
    expect(text(panel)).toContain('Step 2: Earlier answered questionnaires (your answer library)')
    expect(text(panel).indexOf('answer library')).toBeLessThan(text(panel).indexOf('Upload Evidence Files'))
  })

  it('says so before an upload when no worker runs', () => {
    expect(text(html(<WorkerDownNotice when="upload" />))).toMatch(
      /^Processing is paused right now No answering worker is running/,
    )
  })
})

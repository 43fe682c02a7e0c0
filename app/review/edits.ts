import type { AnsweredQuestion, AnswersJson } from '../answering/model'
import { contextOf, summarize } from '../answering/summary'
import { cellText } from '../questionnaire/cell-text'
import { rowKey, type RowSpec } from './values'

/**
 * A job's review: the machine's answers as first produced, the person's edits on top, and the history that undo
 * walks back. Plain data (stored encrypted beside the job's answers.json) and pure functions over it.
 */

/** What a person set for one row. Every edited or accepted row is confirmed. */
export interface RowEdit {
  cellValue: string
  answer: string | null
  comment: string
  /** The person changed an answer kept from the uploaded file: the new value is written over it. */
  replacesKept?: true
}

/** One change as the person made it (a row, a saved page, an accepted page): undo reverts it whole. */
export interface HistoryItem {
  label: string
  at: string
  rows: { key: string; before: RowEdit | null }[]
}

export interface ReviewState {
  version: 1
  /** What each row may hold, aligned with machine.questions. */
  specs: RowSpec[]
  machine: AnswersJson
  edits: Record<string, RowEdit>
  history: HistoryItem[]
  /** Bumped on every change; builtRevision is the revision the stored workbook and report were built from. */
  revision: number
  builtRevision: number
}

/** Undo reaches this many changes back. */
export const HISTORY_LIMIT = 200

export function newReviewState(machine: AnswersJson, specs: RowSpec[]): ReviewState {
  return { version: 1, specs, machine, edits: {}, history: [], revision: 0, builtRevision: 0 }
}

/** The answers as they stand: the machine's, with every edit applied and marked confirmed. */
export function currentEntries(state: Pick<ReviewState, 'machine' | 'edits'>): AnsweredQuestion[] {
  return state.machine.questions.map((q) => {
    const edit = state.edits[rowKey(q)]
    return edit ? confirmedEntry(q, edit) : q
  })
}

export function confirmedEntry(q: AnsweredQuestion, edit: RowEdit): AnsweredQuestion {
  const { preexisting, ...rest } = q
  return {
    ...rest,
    // A kept answer the person only accepted stays kept (nothing written); one they changed is written.
    ...(preexisting && !edit.replacesKept ? { preexisting } : {}),
    answer: edit.answer,
    cellValue: edit.cellValue,
    comment: edit.comment,
    flagged: false,
    confirmed: true,
  }
}

/** A comment as it will be written: newlines normalised, never read as a formula, within a cell's limit. */
export function normalizeComment(comment: string): string {
  return cellText(comment.replace(/\r\n?/g, '\n').replace(/\s+$/, ''))
}

export interface Change {
  key: string
  edit: RowEdit
}

/**
 * Applies changes as one undoable step. A change that leaves a row exactly as it is (same value, same comment,
 * already confirmed) is dropped; returns how many rows changed.
 */
export function applyChanges(state: ReviewState, changes: Change[], label: string, now = new Date()): number {
  const byKey = new Map(state.machine.questions.map((q) => [rowKey(q), q]))
  const item: HistoryItem = { label, at: now.toISOString(), rows: [] }
  for (const change of changes) {
    const machine = byKey.get(change.key)
    if (!machine) continue
    const before = state.edits[change.key] ?? null
    if (before && sameEdit(before, change.edit)) continue
    item.rows.push({ key: change.key, before })
    state.edits[change.key] = change.edit
  }
  if (!item.rows.length) return 0
  state.history.push(item)
  if (state.history.length > HISTORY_LIMIT) state.history.splice(0, state.history.length - HISTORY_LIMIT)
  state.revision++
  return item.rows.length
}

function sameEdit(a: RowEdit, b: RowEdit) {
  return (
    a.cellValue === b.cellValue &&
    a.answer === b.answer &&
    a.comment === b.comment &&
    Boolean(a.replacesKept) === Boolean(b.replacesKept)
  )
}

/** Reverts the last change; returns it, or null when there is nothing to undo. */
export function undoLast(state: ReviewState): HistoryItem | null {
  const item = state.history.pop()
  if (!item) return null
  for (const { key, before } of [...item.rows].reverse()) {
    if (before) state.edits[key] = before
    else delete state.edits[key]
  }
  state.revision++
  return item
}

/** Whether a row still needs the person: no answer (the engine found no evidence), not kept from the file, not confirmed. */
export function needsAnswer(e: AnsweredQuestion): boolean {
  return !e.confirmed && !e.preexisting && (e.answer === null || e.cellValue === '')
}

/** answers.json as it stands after review. */
export function reviewedAnswers(machine: AnswersJson, entries: AnsweredQuestion[]): AnswersJson {
  return { ...machine, summary: summarize(entries, contextOf(machine.summary)), questions: entries }
}

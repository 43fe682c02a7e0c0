import type { AnsweredQuestion } from '../answering/model'

/**
 * What the comment cell says once a person has confirmed or edited an answer: the vendor's words, never the
 * machine's notes to the reviewer ("No evidence found …: needs your answer", "none of the allowed values fits;
 * choose one"). Citations stay only where they still support the answer: the person kept the machine's value.
 */

const EVIDENCE_LINE = /^Evidence: /
/** Notes the pipeline writes for the reviewer beside an answer it did write (pipeline/cell-values.ts). */
const REVIEWER_NOTE = [
  /: the list has no such value, so ".*" was chosen\.$/,
  /: none of the allowed values \(.*\) fits; choose one\.$/,
  /needs your answer|needs a person's sign-off|; check it$|: check$/,
]

const lines = (text: string) => text.split('\n').map((l) => l.trim())

/** The lines of the machine's comment that speak to the reviewer, not for the vendor. */
export function machineNotes(machine: Pick<AnsweredQuestion, 'comment' | 'cellValue'>): string[] {
  return lines(machine.comment).filter(
    (l) => l && !EVIDENCE_LINE.test(l) && (machine.cellValue === '' || REVIEWER_NOTE.some((re) => re.test(l))),
  )
}

/** A comment without any of the machine's notes (a person who typed below a note keeps only their words). */
export function withoutNotes(comment: string, machine: Pick<AnsweredQuestion, 'comment' | 'cellValue'>): string {
  const notes = new Set(machineNotes(machine))
  return comment
    .split('\n')
    .filter((l) => !notes.has(l.trim()) && !REVIEWER_NOTE.some((re) => re.test(l.trim())))
    .join('\n')
    .trim()
}

/**
 * The comment to ship for a confirmed row. `typed`: what the person wrote, when they changed the comment (null:
 * untouched). An untouched comment keeps the machine's explanation and citations only if the person kept the
 * machine's own value; otherwise it is cleared (they supported something else, or nothing). A kept answer's
 * comment cell is the uploaded file's own and stays as it was (empty here: nothing is written).
 */
export function vendorComment(
  machine: Pick<AnsweredQuestion, 'comment' | 'cellValue' | 'preexisting'>,
  value: string,
  typed: string | null,
): string {
  if (typed !== null) return withoutNotes(typed, machine)
  if (machine.preexisting) return ''
  if (machine.cellValue !== '' && value === machine.cellValue) return withoutNotes(machine.comment, machine)
  return ''
}

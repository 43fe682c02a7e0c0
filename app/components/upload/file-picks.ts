import {
  checkEvidenceFile,
  checkQuestionnaireFile,
  EVIDENCE_MAX_BYTES,
  extensionOf,
  MAX_EVIDENCE_FILES,
  MB,
  QUESTIONNAIRE_ACCEPT,
  QUESTIONNAIRE_EXTENSIONS,
  type UploadProblem,
} from '../../uploads/limits'

/**
 * The upload panel's choices, without React: which picked files go into a slot, and the problems to show.
 * Evidence and library files share one limit of 10 files (the interface fixed for POST /api/fill and the form).
 */

export type Slot = 'evidence' | 'library'
export const MAX_FILES = MAX_EVIDENCE_FILES
/** Earlier answered questionnaires: the questionnaire formats, each up to the evidence size limit. */
export const LIBRARY_ACCEPT = QUESTIONNAIRE_ACCEPT
export const PRODUCT_MAX_CHARS = 120

export function checkLibraryFile(file: { name: string; size: number }): UploadProblem | null {
  if (!(QUESTIONNAIRE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
    return {
      title: 'Invalid Library File',
      message: `${file.name}: earlier answered questionnaires must be .xlsx, .xls, .csv or .docx files.`,
    }
  if (file.size > EVIDENCE_MAX_BYTES)
    return {
      title: 'File Too Large',
      message: `${file.name}: Please upload files smaller than ${EVIDENCE_MAX_BYTES / MB}MB.`,
    }
  if (file.size === 0) return { title: 'Empty File', message: `${file.name} is empty (0 bytes).` }
  return null
}

export const CHECKS: Record<Slot | 'questionnaire', (f: { name: string; size: number }) => UploadProblem | null> = {
  questionnaire: checkQuestionnaireFile,
  evidence: checkEvidenceFile,
  library: checkLibraryFile,
}

type FileLike = { name: string; size: number }

/**
 * Adds picked files to a slot: each checked, a file already listed skipped, and no more than the room left of
 * the 10 shared by both slots (`others`: files in the other slot).
 */
export function addPicks<F extends FileLike>(
  slot: Slot,
  current: F[],
  picked: F[],
  others: number,
): { files: F[]; problems: UploadProblem[] } {
  const problems: UploadProblem[] = []
  const accepted: F[] = []
  for (const file of picked) {
    const problem = CHECKS[slot](file)
    if (problem) problems.push(problem)
    else if (![...current, ...accepted].some((e) => e.name === file.name && e.size === file.size)) accepted.push(file)
  }
  const room = Math.max(0, MAX_FILES - others - current.length)
  if (accepted.length > room)
    problems.push({
      title: 'Too Many Files',
      message: `Maximum ${MAX_FILES} evidence and library files in all. Adding first ${room} files.`,
    })
  return { files: [...current, ...accepted.slice(0, room)], problems }
}

/** 'Process with AI (n evidence files)', naming library files only when there are some. */
export function submitLabel(evidence: number, library: number): string {
  return `Process with AI (${evidence} evidence files${library ? `, ${library} library file${library === 1 ? '' : 's'}` : ''})`
}

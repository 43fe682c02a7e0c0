import { EVIDENCE_EXTENSIONS, EVIDENCE_MAX_BYTES } from '../evidence/model'
import { QUESTIONNAIRE_EXTENSIONS } from '../questionnaire/model'

/** Upload limits and the messages the spec gives for them; shared by the browser checks and the server. */

export const MB = 1024 * 1024
export const QUESTIONNAIRE_MAX_BYTES = 10 * MB
export { EVIDENCE_MAX_BYTES }
export const MAX_EVIDENCE_FILES = 10
/** Everything a fill request may carry, plus a little room for the text fields and multipart headers. */
export const MAX_REQUEST_BYTES = QUESTIONNAIRE_MAX_BYTES + MAX_EVIDENCE_FILES * EVIDENCE_MAX_BYTES + MB
/** Text fields (token, options) are short; a form with thousands of them is refused, not parsed. */
export const FIELD_MAX_BYTES = 64 * 1024
export const MAX_FIELDS = 20
export const MAX_PARTS = 1 + MAX_EVIDENCE_FILES + MAX_FIELDS + 5

const QUESTIONNAIRE_MB = QUESTIONNAIRE_MAX_BYTES / MB
const EVIDENCE_MB = EVIDENCE_MAX_BYTES / MB

export { QUESTIONNAIRE_EXTENSIONS, EVIDENCE_EXTENSIONS }

/** "PDF, DOC, ... or CSV", for messages. */
export const EVIDENCE_TYPES_TEXT = listText(EVIDENCE_EXTENSIONS)

function listText(exts: readonly string[]): string {
  const upper = exts.map((e) => e.toUpperCase())
  return `${upper.slice(0, -1).join(', ')} or ${upper.at(-1)}`
}

export const QUESTIONNAIRE_ACCEPT = QUESTIONNAIRE_EXTENSIONS.map((e) => `.${e}`).join(',')
export const EVIDENCE_ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',')

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase()
}

export interface UploadProblem {
  title: string
  message: string
}

export function checkQuestionnaireFile(file: { name: string; size: number }): UploadProblem | null {
  if (!(QUESTIONNAIRE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return { title: 'Invalid Questionnaire File', message: 'Please upload XLSX, XLS, DOCX, or CSV files only.' }
  }
  if (file.size > QUESTIONNAIRE_MAX_BYTES)
    return { title: 'File Too Large', message: `Please upload files smaller than ${QUESTIONNAIRE_MB}MB.` }
  if (file.size === 0) return { title: 'Empty File', message: `${file.name} is empty (0 bytes).` }
  return null
}

export function checkEvidenceFile(file: { name: string; size: number }): UploadProblem | null {
  if (!(EVIDENCE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return {
      title: 'Invalid Evidence File',
      message: `${file.name}: Please upload ${EVIDENCE_TYPES_TEXT} files only.`,
    }
  }
  if (file.size > EVIDENCE_MAX_BYTES)
    return { title: 'File Too Large', message: `${file.name}: Please upload files smaller than ${EVIDENCE_MB}MB.` }
  if (file.size === 0) return { title: 'Empty File', message: `${file.name} is empty (0 bytes).` }
  return null
}

export const MISSING_QUESTIONNAIRE: UploadProblem = {
  title: 'Missing Questionnaire',
  message: 'Please upload a questionnaire file first.',
}

export function tooManyFiles(fitting: number): UploadProblem {
  return { title: 'Too Many Files', message: `Maximum 10 evidence files allowed. Adding first ${fitting} files.` }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / MB).toFixed(1)} MB`
}

/** The 413 answers, one set for the API and the browser form. */
export const TOO_LARGE = {
  request: {
    title: 'Upload Too Large',
    message: `The upload is too large: send one questionnaire of at most ${QUESTIONNAIRE_MB} MB and at most ${MAX_EVIDENCE_FILES} evidence files of ${EVIDENCE_MB} MB each.`,
  },
  file(field: string, name: string): UploadProblem {
    if (field === 'questionnaire')
      return { title: 'File Too Large', message: `Please upload files smaller than ${QUESTIONNAIRE_MB}MB.` }
    return { title: 'File Too Large', message: `${name}: Please upload files smaller than ${EVIDENCE_MB}MB.` }
  },
} as const

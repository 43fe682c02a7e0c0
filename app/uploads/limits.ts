import { EVIDENCE_EXTENSIONS } from '../evidence/model'
import { QUESTIONNAIRE_EXTENSIONS } from '../questionnaire/model'

/** Upload limits and the messages the spec gives for them; shared by the browser checks and the server. */

export const MB = 1024 * 1024
export const QUESTIONNAIRE_MAX_BYTES = 10 * MB
export const EVIDENCE_MAX_BYTES = 25 * MB
export const MAX_EVIDENCE_FILES = 10

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
  if (file.size > QUESTIONNAIRE_MAX_BYTES) return { title: 'File Too Large', message: 'Please upload files smaller than 10MB.' }
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
  if (file.size > EVIDENCE_MAX_BYTES) return { title: 'File Too Large', message: `${file.name}: Please upload files smaller than 25MB.` }
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

import { unzipSync, type Unzipped } from 'fflate'
import { QuestionnaireError } from '../model'

/**
 * What an Office package (a questionnaire's .xlsx or .docx) may declare: at most 10 MB compressed, so these limits
 * are generous for real files and stop zip bombs. (Evidence .zip archives have their own, ZIP_LIMITS in
 * evidence/archive.ts; the upload scan's budget is UNPACK_BUDGET in uploads/archive-scan.ts.)
 */
export const OFFICE_PACKAGE_LIMITS = { entries: 5000, totalBytes: 300 * 1024 * 1024, entryBytes: 150 * 1024 * 1024 }
const MB = 1024 * 1024

/**
 * Unzips an Office package, refusing archives whose declared sizes exceed the limits before inflating anything.
 * A header that lies about its size cannot get past this either: fflate inflates each entry into a buffer of the
 * declared size, so the surplus is cut off (and the damaged part then fails to read), never allocated.
 */
export function unzipOffice(bytes: Uint8Array, kind: string): Unzipped {
  let entries = 0
  let unpacked = 0
  try {
    return unzipSync(bytes, {
      filter(file) {
        entries++
        unpacked += file.originalSize
        const limits = OFFICE_PACKAGE_LIMITS
        if (entries > limits.entries || unpacked > limits.totalBytes || file.originalSize > limits.entryBytes) {
          throw new QuestionnaireError(
            `The ${kind} unpacks to more than ${limits.totalBytes / MB} MB (or ${limits.entries.toLocaleString('en-US')} parts, or one part over ${limits.entryBytes / MB} MB): it looks like a zip bomb, not a questionnaire.`,
          )
        }
        return true
      },
    })
  } catch (error) {
    if (error instanceof QuestionnaireError) throw error
    throw new QuestionnaireError(`The file is not a readable ${kind} (its zip structure is damaged or truncated).`)
  }
}

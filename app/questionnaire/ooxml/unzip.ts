import { unzipSync, type Unzipped } from 'fflate'
import { QuestionnaireError } from '../model'

/** A questionnaire is at most 10 MB compressed; these limits are generous for real files and stop zip bombs. */
export const ZIP_LIMITS = { entries: 5000, unpacked: 300 * 1024 * 1024, part: 150 * 1024 * 1024 }

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
        if (entries > ZIP_LIMITS.entries || unpacked > ZIP_LIMITS.unpacked || file.originalSize > ZIP_LIMITS.part) {
          throw new QuestionnaireError(
            `The ${kind} unpacks to more than 300 MB (or 5,000 parts, or one part over 150 MB): it looks like a zip bomb, not a questionnaire.`,
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

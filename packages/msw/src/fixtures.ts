import type { AnswersJson } from '../../../app/answering/model'
import { FIXTURES } from '../generated/fixtures'
import type { UnansweredMode } from './fixture-data'

/** The recorded run (scripts/make-fixtures.ts), decoded once. */

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export interface FixtureFile {
  name: string
  /** A fresh copy of the file's bytes. */
  bytes(): Uint8Array
  /** The file as a Blob, ready for FormData. */
  blob(): Blob
}

const fixtureFile = (f: { name: string; base64: string }): FixtureFile => ({
  name: f.name,
  bytes: () => fromBase64(f.base64),
  blob: () => new Blob([fromBase64(f.base64) as Uint8Array<ArrayBuffer>]),
})

/**
 * The files the mock's answers come from: upload these to a real QFill server and it answers with exactly the
 * mock's answers.json (its offline engine is deterministic). `failing` is a questionnaire without questions.
 */
export const fixtureFiles: {
  questionnaire: FixtureFile
  evidence: FixtureFile[]
  failing: FixtureFile
} = {
  questionnaire: fixtureFile(FIXTURES.questionnaire),
  evidence: FIXTURES.evidence.map(fixtureFile),
  failing: fixtureFile(FIXTURES.failure.questionnaire),
}

export const completedWorkbook = (mode: UnansweredMode): Uint8Array => fromBase64(FIXTURES.runs[mode].xlsxBase64)
export const summaryPdf = (mode: UnansweredMode): Uint8Array => fromBase64(FIXTURES.runs[mode].pdfBase64)

/** answers.json of the recorded run, for a questionnaire uploaded under `name`. */
export function machineAnswers(mode: UnansweredMode, name: string): AnswersJson {
  return { ...structuredClone(FIXTURES.runs[mode].answers), questionnaire: name }
}

/** The failed job's message, naming the uploaded file as the server does. */
export function failureMessage(name: string): string {
  const recorded = FIXTURES.failure.questionnaire.name
  const message = FIXTURES.failure.message
  return message.startsWith(`${recorded}:`) ? `${name}${message.slice(recorded.length)}` : message
}

export const rowSpecs = () => structuredClone(FIXTURES.specs)
export const openApiDocument = () => FIXTURES.openapi

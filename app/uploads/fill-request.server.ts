import { parseQuestionnaire } from '../questionnaire/parse.server'
import { QuestionnaireError } from '../questionnaire/model'
import {
  checkEvidenceFile,
  checkQuestionnaireFile,
  EVIDENCE_MAX_BYTES,
  MAX_EVIDENCE_FILES,
  MISSING_QUESTIONNAIRE,
  QUESTIONNAIRE_MAX_BYTES,
  type UploadProblem,
} from './limits'
import { readUpload, type UploadedFile } from './multipart.server'

export interface FillFiles {
  questionnaire: { name: string; bytes: Uint8Array }
  evidence: { name: string; bytes: Uint8Array }[]
  questionCount: number
}

export type FillCheck =
  | { ok: true; files: FillFiles; fields: Map<string, string[]> }
  | { ok: false; status: 400 | 413; problems: UploadProblem[]; fields: Map<string, string[]> }

/** Reads a fill upload (fields `questionnaire` and repeated `evidence`) and checks everything before a job exists. */
export async function readFillRequest(request: Request): Promise<FillCheck> {
  const { files, fields } = await readUpload(request, { questionnaire: QUESTIONNAIRE_MAX_BYTES, evidence: EVIDENCE_MAX_BYTES })
  return { ...checkFillFiles(files), fields } as FillCheck
}

export function checkFillFiles(files: UploadedFile[]): Omit<FillCheck, 'fields'> & ({ ok: true; files: FillFiles } | { ok: false; status: 400 | 413; problems: UploadProblem[] }) {
  const problems: UploadProblem[] = []
  let status: 400 | 413 = 400
  const questionnaires = files.filter((f) => f.field === 'questionnaire')
  const evidence = files.filter((f) => f.field === 'evidence')
  const unknown = files.filter((f) => f.field !== 'questionnaire' && f.field !== 'evidence')
  for (const f of unknown) {
    problems.push({ title: 'Unexpected File', message: `${f.name} was sent as "${f.field}"; use the fields "questionnaire" and "evidence".` })
  }
  // Like the upload panel, only the first questionnaire counts.
  const questionnaire = questionnaires[0]
  if (!questionnaire) problems.push(MISSING_QUESTIONNAIRE)
  else {
    const problem = checkQuestionnaireFile(questionnaire)
    if (problem) {
      problems.push(problem)
      if (questionnaire.oversize) status = 413
    }
  }
  if (evidence.length > MAX_EVIDENCE_FILES) {
    problems.push({ title: 'Too Many Files', message: `Maximum 10 evidence files allowed; ${evidence.length} were sent.` })
  }
  for (const f of evidence) {
    const problem = checkEvidenceFile(f)
    if (problem) {
      problems.push(problem)
      if (f.oversize) status = 413
    }
  }
  if (problems.length) return { ok: false, status: problems.length > 1 && status === 413 ? 400 : status, problems }

  let questionCount: number
  try {
    questionCount = parseQuestionnaire(questionnaire!.name, questionnaire!.bytes).questions.length
  } catch (error) {
    if (error instanceof QuestionnaireError) {
      return { ok: false, status: 400, problems: [{ title: 'Invalid Questionnaire File', message: error.message }] }
    }
    throw error
  }
  return {
    ok: true,
    files: {
      questionnaire: { name: questionnaire!.name, bytes: questionnaire!.bytes },
      evidence: evidence.map((f) => ({ name: f.name, bytes: f.bytes })),
      questionCount,
    },
  }
}

import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import {
  checkEvidenceFile,
  checkQuestionnaireFile,
  EVIDENCE_ACCEPT,
  EVIDENCE_TYPES_TEXT,
  formatBytes,
  MAX_EVIDENCE_FILES,
  MISSING_QUESTIONNAIRE,
  QUESTIONNAIRE_ACCEPT,
  tooManyFiles,
  type UploadProblem,
} from '../uploads/limits'
import { Badge, Button, Card, ProblemList } from './ui'

/**
 * Step 1 questionnaire, step 2 evidence, then 'Process with AI'. Without JavaScript these are two plain file
 * inputs; with it, files are checked as they are chosen, listed with a remove button and can be dropped.
 * Either way the form posts exactly the files shown.
 */
export function UploadPanel({ serverProblems }: { serverProblems: UploadProblem[] }) {
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  const [hydrated, setHydrated] = useState(false)
  const [questionnaire, setQuestionnaire] = useState<File | null>(null)
  const [evidence, setEvidence] = useState<File[]>([])
  const [problems, setProblems] = useState<UploadProblem[]>([])
  const questionnaireInput = useRef<HTMLInputElement>(null)
  const evidenceInput = useRef<HTMLInputElement>(null)
  useEffect(() => setHydrated(true), [])

  const syncInput = (input: HTMLInputElement | null, files: File[]) => {
    if (!input) return
    const transfer = new DataTransfer()
    for (const f of files) transfer.items.add(f)
    input.files = transfer.files
  }

  const chooseQuestionnaire = (files: FileList | File[]) => {
    const file = Array.from(files)[0]
    if (!file) return
    const problem = checkQuestionnaireFile(file)
    setProblems(problem ? [problem] : [])
    const next = problem ? null : file
    setQuestionnaire(next)
    syncInput(questionnaireInput.current, next ? [next] : [])
  }

  const addEvidence = (files: FileList | File[]) => {
    const found: UploadProblem[] = []
    const accepted: File[] = []
    for (const file of Array.from(files)) {
      const problem = checkEvidenceFile(file)
      if (problem) found.push(problem)
      else if (!evidence.some((e) => e.name === file.name && e.size === file.size)) accepted.push(file)
    }
    const room = MAX_EVIDENCE_FILES - evidence.length
    if (accepted.length > room) found.push(tooManyFiles(room))
    const next = [...evidence, ...accepted.slice(0, Math.max(0, room))]
    setProblems(found)
    setEvidence(next)
    syncInput(evidenceInput.current, next)
  }

  const removeEvidence = (index: number) => {
    const next = evidence.filter((_, i) => i !== index)
    setEvidence(next)
    syncInput(evidenceInput.current, next)
  }

  const drop = (handler: (files: FileList) => void) => ({
    onDragOver: (e: DragEvent) => e.preventDefault(),
    onDrop: (e: DragEvent) => {
      e.preventDefault()
      handler(e.dataTransfer.files)
    },
  })

  const shown = problems.length ? problems : serverProblems
  const evidenceCount = hydrated ? evidence.length : 0
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-6"
      onSubmit={(e) => {
        if (!questionnaire) {
          e.preventDefault()
          setProblems([MISSING_QUESTIONNAIRE])
        }
      }}
    >
      <input type="hidden" name="intent" value="upload" />
      <ProblemList problems={shown} id="upload-problems" />
      <Card>
        <h2 className="text-lg font-semibold">Step 1: Upload Questionnaire</h2>
        <p className="mt-1 text-sm text-slate-600">One file: .xlsx, .xls, .docx or .csv, up to 10 MB.</p>
        <label
          {...drop(chooseQuestionnaire)}
          className="mt-4 flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 px-6 py-8 text-center hover:border-brand-500"
        >
          <span className="text-sm font-medium text-slate-800">
            {questionnaire ? questionnaire.name : 'Drop your questionnaire here or click to browse'}
          </span>
          {questionnaire ? <span className="mt-1 text-xs text-slate-500">{formatBytes(questionnaire.size)}</span> : null}
          <input
            ref={questionnaireInput}
            type="file"
            name="questionnaire"
            accept={QUESTIONNAIRE_ACCEPT}
            aria-label="Questionnaire file"
            className={hydrated ? 'sr-only' : 'mt-3 text-sm'}
            onChange={(e) => chooseQuestionnaire(e.currentTarget.files ?? [])}
          />
        </label>
      </Card>
      <Card>
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">Step 2: Upload Evidence Files</h2>
          <Badge tone="brand">{hydrated ? `${evidenceCount}/${MAX_EVIDENCE_FILES} files` : `up to ${MAX_EVIDENCE_FILES} files`}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Optional but recommended: policies, SOC 2 reports, earlier questionnaires. {EVIDENCE_TYPES_TEXT}, up to 25 MB each.
        </p>
        <label
          {...drop(addEvidence)}
          className="mt-4 flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 px-6 py-8 text-center hover:border-brand-500"
        >
          <span className="text-sm font-medium text-slate-800">Drop evidence files here or click to browse</span>
          <input
            ref={evidenceInput}
            type="file"
            name="evidence"
            multiple
            accept={EVIDENCE_ACCEPT}
            aria-label="Evidence files"
            className={hydrated ? 'sr-only' : 'mt-3 text-sm'}
            onChange={(e) => {
              // The input holds the whole list; add what was just picked to what is already listed.
              const picked = Array.from(e.currentTarget.files ?? []).filter((f) => !evidence.includes(f))
              addEvidence(picked)
            }}
          />
        </label>
        {evidence.length ? (
          <ul className="mt-4 divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Chosen evidence files">
            {evidence.map((file, i) => (
              <li key={`${file.name}-${i}`} className="flex items-center justify-between px-3 py-2 text-sm">
                <span className="truncate">
                  {file.name} <span className="text-slate-500">({formatBytes(file.size)})</span>
                </span>
                <button type="button" onClick={() => removeEvidence(i)} className="text-red-700 hover:underline" aria-label={`Remove ${file.name}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending || (hydrated && !questionnaire)}>
          {pending ? 'Processing...' : hydrated ? `Process with AI (${evidenceCount} evidence files)` : 'Process with AI'}
        </Button>
      </div>
    </Form>
  )
}

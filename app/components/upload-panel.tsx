import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import {
  checkEvidenceFile,
  checkQuestionnaireFile,
  EVIDENCE_ACCEPT,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TYPES_TEXT,
  formatBytes,
  MAX_EVIDENCE_FILES,
  MB,
  MISSING_QUESTIONNAIRE,
  QUESTIONNAIRE_ACCEPT,
  QUESTIONNAIRE_MAX_BYTES,
  tooManyFiles,
  type UploadProblem,
} from '../uploads/limits'
import { FileSpreadsheet, FileStack, Sparkles, UploadCloud, X } from 'lucide-react'
import { Badge, Button, Card, ProblemList } from './ui'

/**
 * Step 1 questionnaire, step 2 evidence, then 'Process with AI'. Without JavaScript these are two plain file
 * inputs; with it, files are checked as they are chosen, listed with a remove button and can be dropped.
 * Either way the form posts exactly the files shown.
 */
/** A drop zone: a label around its file input; the ring shows when the (visually hidden) input has keyboard focus. */
const ZONE =
  'mt-4 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center transition-colors hover:border-brand-500 hover:bg-brand-50 has-[input:focus-visible]:border-brand-600 has-[input:focus-visible]:bg-brand-50 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600'

const FILE_INPUT =
  'mt-2 max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-medium file:text-white'

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
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <FileSpreadsheet aria-hidden className="h-5 w-5 text-brand-700" />
          Step 1: Upload Questionnaire
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          One file: .xlsx, .xls, .docx or .csv, up to {QUESTIONNAIRE_MAX_BYTES / MB} MB.
        </p>
        <label {...drop(chooseQuestionnaire)} className={ZONE}>
          <UploadCloud aria-hidden className="h-8 w-8 text-brand-700" />
          <span className="text-sm font-medium wrap-anywhere text-slate-800">
            {questionnaire ? questionnaire.name : 'Drop your questionnaire here or click to browse'}
          </span>
          {questionnaire ? <span className="text-xs text-slate-600">{formatBytes(questionnaire.size)}</span> : null}
          <input
            ref={questionnaireInput}
            type="file"
            name="questionnaire"
            accept={QUESTIONNAIRE_ACCEPT}
            aria-label="Questionnaire file"
            className={hydrated ? 'sr-only' : FILE_INPUT}
            onChange={(e) => chooseQuestionnaire(e.currentTarget.files ?? [])}
          />
        </label>
      </Card>
      <Card>
        <div className="flex items-center justify-between">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <FileStack aria-hidden className="h-5 w-5 text-brand-700" />
            Step 2: Upload Evidence Files
          </h2>
          <Badge tone="brand">
            {hydrated ? `${evidenceCount}/${MAX_EVIDENCE_FILES} files` : `up to ${MAX_EVIDENCE_FILES} files`}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Optional but recommended: policies, SOC 2 reports, earlier questionnaires. {EVIDENCE_TYPES_TEXT}, up to{' '}
          {EVIDENCE_MAX_BYTES / MB} MB each.
        </p>
        <label {...drop(addEvidence)} className={ZONE}>
          <UploadCloud aria-hidden className="h-8 w-8 text-brand-700" />
          <span className="text-sm font-medium text-slate-800">Drop evidence files here or click to browse</span>
          <input
            ref={evidenceInput}
            type="file"
            name="evidence"
            multiple
            accept={EVIDENCE_ACCEPT}
            aria-label="Evidence files"
            className={hydrated ? 'sr-only' : FILE_INPUT}
            onChange={(e) => {
              // The input holds the whole list; add what was just picked to what is already listed.
              const picked = Array.from(e.currentTarget.files ?? []).filter((f) => !evidence.includes(f))
              addEvidence(picked)
            }}
          />
        </label>
        {evidence.length ? (
          <ul
            className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200"
            aria-label="Chosen evidence files"
          >
            {evidence.map((file, i) => (
              <li key={`${file.name}-${i}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 truncate">
                  {file.name} <span className="text-slate-600">({formatBytes(file.size)})</span>
                </span>
                <button
                  type="button"
                  onClick={() => removeEvidence(i)}
                  className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-red-700 hover:bg-red-50"
                  aria-label={`Remove ${file.name}`}
                >
                  <X aria-hidden className="h-4 w-4" />
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input type="checkbox" name="unanswered" value="no" className="mt-0.5 h-4 w-4" />
        <span>
          Answer No where my evidence is silent
          <span className="block text-xs text-slate-500">
            Otherwise such questions are left blank for you to answer.
          </span>
        </span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending || (hydrated && !questionnaire)}>
          <Sparkles aria-hidden className="h-5 w-5" />
          {pending
            ? 'Processing...'
            : hydrated
              ? `Process with AI (${evidenceCount} evidence files)`
              : 'Process with AI'}
        </Button>
      </div>
    </Form>
  )
}

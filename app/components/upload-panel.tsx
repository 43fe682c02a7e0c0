import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { FileSpreadsheet, FileStack, History, Sparkles } from 'lucide-react'
import {
  EVIDENCE_ACCEPT,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TYPES_TEXT,
  formatBytes,
  MB,
  MISSING_QUESTIONNAIRE,
  QUESTIONNAIRE_ACCEPT,
  QUESTIONNAIRE_MAX_BYTES,
  type UploadProblem,
} from '../uploads/limits'
import { Badge, Button, Card, inputClass, ProblemList } from './ui'
import {
  addPicks,
  CHECKS,
  LIBRARY_ACCEPT,
  MAX_FILES,
  PRODUCT_MAX_CHARS,
  submitLabel,
  type Slot,
} from './upload/file-picks'
import { FileList, FileZone, syncInput } from './upload/file-zone'

/**
 * Step 1 questionnaire, step 2 earlier answered questionnaires (the answer library), step 3 evidence, the
 * optional product, then 'Process with AI'. Without JavaScript these are plain inputs; with it, files are checked
 * as they are chosen, listed with a remove button and can be dropped. Either way the form posts exactly the files
 * shown, as the fields `questionnaire`, `library` and `evidence` (plus `product` and `unanswered`).
 */
export function UploadPanel({ serverProblems }: { serverProblems: UploadProblem[] }) {
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [questionnaire, setQuestionnaire] = useState<File | null>(null)
  const [files, setFiles] = useState<Record<Slot, File[]>>({ evidence: [], library: [] })
  const [problems, setProblems] = useState<UploadProblem[]>([])
  const inputs = {
    questionnaire: useRef<HTMLInputElement>(null),
    evidence: useRef<HTMLInputElement>(null),
    library: useRef<HTMLInputElement>(null),
  }

  const chooseQuestionnaire = (picked: File[]) => {
    const file = picked[0]
    if (!file) return
    const problem = CHECKS.questionnaire(file)
    setProblems(problem ? [problem] : [])
    setQuestionnaire(problem ? null : file)
    syncInput(inputs.questionnaire.current, problem ? [] : [file])
  }
  const add = (slot: Slot) => (picked: File[]) => {
    const other = slot === 'evidence' ? 'library' : 'evidence'
    // The input holds the whole list; only what was just picked is new.
    const fresh = picked.filter((f) => !files[slot].includes(f))
    const next = addPicks(slot, files[slot], fresh, files[other].length)
    setProblems(next.problems)
    setFiles({ ...files, [slot]: next.files })
    syncInput(inputs[slot].current, next.files)
  }
  const remove = (slot: Slot) => (index: number) => {
    const next = files[slot].filter((_, i) => i !== index)
    setFiles({ ...files, [slot]: next })
    syncInput(inputs[slot].current, next)
  }

  const shown = problems.length ? problems : serverProblems
  const used = files.evidence.length + files.library.length
  const count = hydrated ? `${used}/${MAX_FILES} files` : `up to ${MAX_FILES} files`
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
        <StepTitle icon={FileSpreadsheet} title="Step 1: Upload Questionnaire" />
        <p className="mt-1 text-sm text-slate-600">
          One file: .xlsx, .xls, .docx or .csv, up to {QUESTIONNAIRE_MAX_BYTES / MB} MB.
        </p>
        <FileZone
          name="questionnaire"
          label="Questionnaire file"
          accept={QUESTIONNAIRE_ACCEPT}
          hydrated={hydrated}
          inputRef={inputs.questionnaire}
          onFiles={chooseQuestionnaire}
        >
          <span className="text-sm font-medium wrap-anywhere text-slate-800">
            {questionnaire ? questionnaire.name : 'Drop your questionnaire here or click to browse'}
          </span>
          {questionnaire ? <span className="text-xs text-slate-600">{formatBytes(questionnaire.size)}</span> : null}
        </FileZone>
        <label htmlFor="upload-product" className="mt-5 block text-sm font-medium text-slate-800">
          Product <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          id="upload-product"
          name="product"
          type="text"
          maxLength={PRODUCT_MAX_CHARS}
          autoComplete="off"
          placeholder="e.g. Acme Cloud"
          aria-describedby="upload-product-help"
          className={`mt-1 ${inputClass}`}
        />
        <p id="upload-product-help" className="mt-1 text-xs text-slate-600">
          The product this questionnaire is for, if you offer more than one.
        </p>
      </Card>
      <Card>
        <StepTitle icon={History} title="Step 2: Earlier answered questionnaires (your answer library)" badge={count} />
        <p className="mt-1 text-sm text-slate-600" data-testid="library-help">
          Last year&rsquo;s answered SIG, CAIQ or HECVAT: its answers are reused question by question, with the cell
          they came from. .xlsx, .xls, .csv or .docx, up to {EVIDENCE_MAX_BYTES / MB} MB each.
        </p>
        <FileZone
          name="library"
          label="Earlier answered questionnaires"
          accept={LIBRARY_ACCEPT}
          multiple
          hydrated={hydrated}
          inputRef={inputs.library}
          onFiles={add('library')}
        >
          <span className="text-sm font-medium text-slate-800">
            Drop answered questionnaires here or click to browse
          </span>
        </FileZone>
        <FileList files={files.library} label="Chosen library files" onRemove={remove('library')} />
      </Card>
      <Card>
        <StepTitle icon={FileStack} title="Step 3: Upload Evidence Files" badge={count} />
        <p className="mt-1 text-sm text-slate-600">
          Optional but recommended: policies, SOC 2 reports, security overviews. {EVIDENCE_TYPES_TEXT}, up to{' '}
          {EVIDENCE_MAX_BYTES / MB} MB each.
        </p>
        <FileZone
          name="evidence"
          label="Evidence files"
          accept={EVIDENCE_ACCEPT}
          multiple
          hydrated={hydrated}
          inputRef={inputs.evidence}
          onFiles={add('evidence')}
        >
          <span className="text-sm font-medium text-slate-800">Drop evidence files here or click to browse</span>
        </FileZone>
        <FileList files={files.evidence} label="Chosen evidence files" onRemove={remove('evidence')} />
      </Card>
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input type="checkbox" name="unanswered" value="no" className="mt-0.5 h-4 w-4" />
        <span>
          Answer No where my evidence is silent
          <span className="block text-xs text-slate-600">
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
              ? submitLabel(files.evidence.length, files.library.length)
              : 'Process with AI'}
        </Button>
      </div>
    </Form>
  )
}

function StepTitle({ icon: Icon, title, badge }: { icon: typeof FileStack; title: string; badge?: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
        {title}
      </h2>
      {badge ? <Badge tone="brand">{badge}</Badge> : null}
    </div>
  )
}

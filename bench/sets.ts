import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as XLSX from '@e965/xlsx'
import { z } from 'zod'
import type { EvidenceInput } from '../app/evidence/model'
import type { Question, Questionnaire } from '../app/questionnaire/model'
import { productFor } from '../app/evidence/identity'
import { readQuestionnaire, type ExistingAnswer } from '../app/questionnaire/parse.server'
import { holdOutQuestions, withoutQuestions } from './mattermost'
import { COMPANY, INSTRUCTURE_SETS, LIBRARY_SETS } from './set-list'
import { truthOf, type Truth } from './score'

export interface BenchSet {
  name: string
  questionnaire: Questionnaire
  truth: Map<string, Truth>
  /** The vendor's own text for rows whose answer cell holds free text (truth TEXT): free-text answers' reference. */
  reference?: Map<string, string>
  evidence: EvidenceInput[]
  /** Why the set could not be measured (the reader found no questions with answers, a file is missing). */
  problem?: string
  /**
   * evidence: answered from published papers only. library: the same, plus another of the company's answered
   * questionnaires as an answer library. open: the labelled open-data set anyone can rerun.
   */
  group: 'evidence' | 'same-product' | 'library' | 'open'
  /**
   * Whose papers the set is answered from. Sets of one company share evidence, so leaving one of them out still fits
   * the model on the same papers; leaving the company out (bench/calibration-report.ts) is what a new user's
   * questionnaire looks like to the model.
   */
  company: string
  /** The product the questionnaire is for, as a user would type it on the upload form. */
  product?: string
  /**
   * What the questionnaire's profile rows hold (vendor, product, date: the rows a vendor fills in first). Never a
   * Yes/No answer: those stay in `truth`. The product is read from them as the pipeline reads it (productOf).
   */
  profile?: Map<string, ExistingAnswer>
  /** The questionnaire file as uploaded (completed): used to check that answers already in it are never overwritten. */
  original?: EvidenceInput
  /**
   * The calibration fold (bench/calibrate.ts foldOf) when it is not the set's own: sets asking the same questions
   * are left out together.
   */
  fold?: string
  /**
   * The set it repeats, when it asks some of another set's questions with the same labels from less evidence: in the
   * fit the two weigh as one set (bench/calibrate.ts), since its labels are the other's counted again.
   */
  repeats?: string
  /**
   * Measured and reported, never fitted: the calibration learns nothing from its rows (its labels file says why:
   * tests/fixtures/open/caiq-labelled/README.md).
   */
  measureOnly?: boolean
}

/** The product the engine answers this set for: derived exactly as the pipeline derives it (productFor). */
export function productOf(set: BenchSet): string | null {
  return productFor(set.product, set.questionnaire, set.profile ?? new Map())
}

export function evalRoot(projectRoot: string): string {
  return path.resolve(projectRoot, '../shared/data/eval')
}

function input(file: string): EvidenceInput {
  return { name: path.basename(file), bytes: new Uint8Array(readFileSync(file)) }
}

/** The real sets, read in place. The engine only ever sees `questionnaire` and `evidence`; `truth` stays here. */
export function loadSets(root: string): BenchSet[] {
  const sets: BenchSet[] = []
  const ins = path.join(root, 'instructure')
  const questionnaire = (file: string) => path.join(ins, 'questionnaires', file)
  const papers = (architecture: string[]) =>
    [...COMPANY, ...architecture].map((f) => input(path.join(ins, 'evidence', f)))
  for (const def of INSTRUCTURE_SETS)
    sets.push({
      ...workbookSet(def.name, questionnaire(def.file), papers(def.architecture)),
      group: 'evidence',
      company: 'Instructure',
    })
  sets.push({ ...mattermostSet(path.join(root, 'mattermost')), group: 'evidence', company: 'Mattermost' })
  for (const def of LIBRARY_SETS) {
    const library = def.library.startsWith('history/') ? path.join(ins, def.library) : questionnaire(def.library)
    if (!existsSync(library)) continue
    const evidence = [...papers(def.architecture), { ...input(library), role: 'library' as const }]
    sets.push({
      ...workbookSet(def.name, questionnaire(def.file), evidence),
      group: def.group,
      company: 'Instructure',
      product: def.product,
    })
  }
  return sets
}

/** The labelled sets' evidence: three companies' open policies, read as one vendor's papers. */
const OPEN_POOL = 'open policies (Sourcegraph, 37signals, PostHog)'

/** Where the labelled open-data set lives (relative paths in it are relative to tests/fixtures/open/). */
export const LABELLED_SET = 'tests/fixtures/open/vsaq-labelled/set.json'

const labelledSchema = z.object({
  name: z.string().min(1),
  evidence: z.array(z.string().min(1)).min(1),
  questions: z
    .array(
      z.object({
        id: z.string().min(1),
        question: z.string().min(1),
        label: z.enum(['yes', 'no', 'not-stated']),
        quote: z.string().nullable(),
        quoteFile: z.string().nullable(),
      }),
    )
    .min(1),
})

export type LabelledSetJson = z.infer<typeof labelledSchema>

/**
 * The labelled open-data set (VSAQ questions against open policies, each labelled yes / no / not stated from the
 * policy text): a questionnaire of its questions (labels hidden), the labels as truth, the policies as evidence;
 * for the committed set, also its infrastructure questions against three policies only (fewPolicies). A missing
 * file gives a message instead of sets.
 */
export function loadLabelledSet(projectRoot: string, file = LABELLED_SET): BenchSet[] | string {
  const at = path.resolve(projectRoot, file)
  if (!existsSync(at))
    return `skipped: ${file} is not in this checkout yet (the labelled open-data set arrives with the write-back branch)`
  const parsed = labelledSchema.safeParse(JSON.parse(readFileSync(at, 'utf8')))
  if (!parsed.success)
    return `skipped: ${file} does not match the labelled-set format (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`
  const base = path.resolve(projectRoot, 'tests/fixtures/open')
  const read = (rel: string) => input(path.join(base, rel))
  // The same questions with less evidence are left out with the set they come from.
  const fold = parsed.data.name
  const sets = [{ ...labelledSet(parsed.data, read), fold }]
  if (file === LABELLED_SET) sets.push({ ...labelledSet(fewPolicies(parsed.data), read), fold, repeats: sets[0]!.name })
  return sets
}

/** Both labelled sets, with a note for each one that is not here. */
export function loadLabelledSets(projectRoot: string): { sets: BenchSet[]; notes: string[] } {
  const sets: BenchSet[] = []
  const notes: string[] = []
  const first = loadLabelledSet(projectRoot)
  if (typeof first === 'string') notes.push(`labelled open-data set ${first}`)
  else sets.push(...first)
  for (const file of EVAL_LABELLED_SETS) {
    const labels = readEvalLabels(projectRoot, file)
    const loaded = typeof labels === 'string' ? labels : evalLabelledSet(projectRoot, labels)
    if (typeof loaded === 'string') notes.push(`labelled set ${file} ${loaded}`)
    else if (typeof labels !== 'string') sets.push(loaded, ...oneCompany(projectRoot, loaded, labels))
  }
  return { sets, notes }
}

/** The companies of the open pool, by the folder their papers are in. */
const COMPANIES = [
  { name: '37signals', dir: 'basecamp-policies/' },
  { name: 'Sourcegraph', dir: 'sourcegraph-handbook/' },
]

/**
 * The second labelled set's questions against one company's papers only, as that company would answer them: a user
 * uploads its own policies, not three companies' pooled. What the pool does not state, one company's papers do not
 * state either; a row labelled from that company's papers keeps its label; one labelled from another company's is
 * left out (nobody labelled whether this company's papers state it). Fewer papers, same questions: the case where a
 * sentence sharing the question's words is most often the only one there is.
 */
export function oneCompany(projectRoot: string, set: BenchSet, json: EvalLabels): BenchSet[] {
  const base = path.resolve(projectRoot, 'tests/fixtures/open')
  const byId = new Map(json.labels.map((l) => [l.id, l]))
  return COMPANIES.map((company) => {
    const keep = (id: string) => {
      const l = byId.get(id)
      return l !== undefined && (l.label === 'not-stated' || (l.quoteFile ?? '').startsWith(company.dir))
    }
    const truth = new Map(
      set.questionnaire.questions.flatMap((q) => {
        const t = set.truth.get(q.key)
        return t !== undefined && keep(q.id) ? [[q.key, t] as const] : []
      }),
    )
    return {
      ...set,
      name: `${json.name.replace(/ labelled against .*/, '')} against ${company.name}'s papers only (same labels, less evidence)`,
      truth,
      evidence: json.evidence.filter((rel) => rel.startsWith(company.dir)).map((rel) => input(path.join(base, rel))),
      repeats: set.name,
    }
  })
}

/** A label as the truth the scores compare with. */
const truthOfLabel = (label: 'yes' | 'no' | 'not-stated'): Truth =>
  label === 'yes' ? 'YES' : label === 'no' ? 'NO' : 'NOT_STATED'

/**
 * The labelled sets of questionnaires that stay outside the project (read in place from ../shared/data/eval),
 * labelled by id against the same open policies: HECVAT 4.1.4 (tests/fixtures/open/hecvat-labelled/README.md) and
 * CAIQ v4.0.3 (tests/fixtures/open/caiq-labelled/README.md). Each labels file holds ids, labels and quotes from the
 * policies, never the questions' text.
 */
export const EVAL_LABELLED_SETS = [
  'tests/fixtures/open/hecvat-labelled/labels.json',
  'tests/fixtures/open/caiq-labelled/labels.json',
] as const

export const evalLabelledSchema = z
  .object({
    name: z.string().min(1),
    /** The questionnaire, relative to ../shared/data/eval. */
    questionnaire: z.string().min(1),
    evidence: z.array(z.string().min(1)).min(1),
    /**
     * The calibration fold, when a vendor set asks the same questions (its questionnaire's file name, as foldOf reads
     * it): left out together. Without it the set is its own fold.
     */
    fold: z.string().min(1).optional(),
    /** false: the set is measured and reported but the calibration is not fitted on it (BenchSet.measureOnly). */
    fit: z.boolean().optional(),
    labels: z
      .array(
        z
          .object({
            id: z.string().min(1),
            label: z.enum(['yes', 'no', 'not-stated']),
            quote: z.string().min(10).nullable(),
            quoteFile: z.string().nullable(),
            /** Why, in the labeller's words (never the question's). */
            why: z.string().min(1),
          })
          .strict()
          .refine(
            (q) => (q.label === 'not-stated') === (q.quote === null) && (q.quote === null) === (q.quoteFile === null),
            { message: 'a yes/no label needs a quote and its file; a not-stated label has neither' },
          ),
      )
      .min(1),
  })
  // A field misspelled ("fitt": false) would otherwise be dropped and the set fitted after all.
  .strict()

/**
 * The labels against the questionnaire read in place: the whole questionnaire is answered (so each question has the
 * one before it, as in a real upload), and only the labelled rows are scored. A message instead when the labels or
 * the questionnaire are missing.
 */
export function loadEvalLabelledSet(projectRoot: string, file: string): BenchSet | string {
  const json = readEvalLabels(projectRoot, file)
  return typeof json === 'string' ? json : evalLabelledSet(projectRoot, json)
}

export type EvalLabels = z.infer<typeof evalLabelledSchema>

/** The labels file, parsed; a message instead when it is missing or does not match its format. */
function readEvalLabels(projectRoot: string, file: string): EvalLabels | string {
  const at = path.resolve(projectRoot, file)
  if (!existsSync(at)) return `skipped: ${file} not found`
  const parsed = evalLabelledSchema.safeParse(JSON.parse(readFileSync(at, 'utf8')))
  if (!parsed.success)
    return `skipped: ${file} does not match its format (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`
  return parsed.data
}

function evalLabelledSet(projectRoot: string, json: EvalLabels): BenchSet | string {
  const source = path.join(evalRoot(projectRoot), json.questionnaire)
  if (!existsSync(source)) return `skipped: it labels ../shared/data/eval/${json.questionnaire}, which is not here`
  const { questionnaire } = readQuestionnaire(path.basename(source), new Uint8Array(readFileSync(source)))
  const byId = new Map(questionnaire.questions.map((q) => [q.id, q]))
  const missing = json.labels.filter((l) => !byId.has(l.id)).map((l) => l.id)
  const truth = new Map<string, Truth>(
    json.labels.flatMap((l) => {
      const q = byId.get(l.id)
      return q ? [[q.key, truthOfLabel(l.label)] as const] : []
    }),
  )
  const base = path.resolve(projectRoot, 'tests/fixtures/open')
  return {
    name: json.name,
    questionnaire,
    truth,
    evidence: json.evidence.map((rel) => input(path.join(base, rel))),
    group: 'open',
    company: OPEN_POOL,
    fold: json.fold ?? json.name,
    measureOnly: json.fit === false || undefined,
    problem: missing.length ? `labelled ids not in the questionnaire: ${missing.join(', ')}` : undefined,
  }
}

/** The three Sourcegraph policies a user would upload for an infrastructure questionnaire. */
const FEW_POLICIES = [
  'sourcegraph-handbook/policies/access-control-policy.md',
  'sourcegraph-handbook/security/cryptography-policy.md',
  'sourcegraph-handbook/policies/business-continuity-policy.md',
]

/**
 * The same labels with less evidence: VSAQ's infrastructure questions against three policies only (access control,
 * cryptography, business continuity). A question not stated in all sixteen files is not stated in three; one labelled
 * from one of the three keeps its label; one labelled from another file is left out (the three may or may not state
 * it: nobody labelled that). Most questions share words with the policies without being answered by them: the case
 * where an engine is most tempted to answer from the wrong sentence.
 */
export function fewPolicies(json: LabelledSetJson): LabelledSetJson {
  return {
    name: 'VSAQ infrastructure questions against three Sourcegraph policies (same labels, less evidence)',
    evidence: FEW_POLICIES,
    questions: json.questions.filter(
      (q) => q.id.startsWith('vsaq-infra-') && (q.label === 'not-stated' || FEW_POLICIES.includes(q.quoteFile ?? '')),
    ),
  }
}

export function labelledSet(json: LabelledSetJson, read: (relativePath: string) => EvidenceInput): BenchSet {
  const sheet = 'Questions'
  const questions: Question[] = json.questions.map((q, i) => ({
    key: `${sheet}!${i + 2}`,
    id: q.id,
    text: q.question,
    kind: 'question',
    location: { sheet, row: i + 2, questionCell: `B${i + 2}`, answerCell: `C${i + 2}`, commentCell: `D${i + 2}` },
  }))
  const questionnaire: Questionnaire = {
    fileName: `${json.name}.csv`,
    format: 'csv',
    kind: 'Custom questionnaire',
    sheets: [],
    questions,
    notes: [],
  }
  const truth = new Map<string, Truth>(json.questions.map((q, i) => [questions[i]!.key, truthOfLabel(q.label)]))
  return { name: json.name, questionnaire, truth, evidence: json.evidence.map(read), group: 'open', company: OPEN_POOL }
}

/** Reads the question list with the product's own reader, and the vendor's answers from each answer cell. */
function workbookSet(name: string, file: string, evidence: EvidenceInput[]): Omit<BenchSet, 'group' | 'company'> {
  const bytes = new Uint8Array(readFileSync(file))
  let questionnaire: Questionnaire
  let existing: Map<string, ExistingAnswer>
  try {
    ;({ questionnaire, existing } = readQuestionnaire(path.basename(file), bytes))
  } catch (error) {
    const empty: Questionnaire = {
      fileName: path.basename(file),
      format: 'xlsx',
      kind: '?',
      sheets: [],
      questions: [],
      notes: [],
    }
    return {
      name,
      questionnaire: empty,
      truth: new Map(),
      evidence,
      problem: `the questionnaire reader failed: ${(error as Error).message}`,
    }
  }
  const wb = XLSX.read(bytes, { type: 'array', cellFormula: false })
  const truth = new Map<string, Truth>()
  const reference = new Map<string, string>()
  for (const q of questionnaire.questions) {
    const ref = q.location.answerCell
    const cell = ref ? wb.Sheets[q.location.sheet]?.[ref] : undefined
    const text = cell ? String(cell.w ?? cell.v ?? '') : ''
    truth.set(q.key, truthOf(text))
    if (truthOf(text) === 'TEXT') reference.set(q.key, text.trim())
  }
  const answerable = [...truth.values()].filter((t) => t === 'YES' || t === 'NO').length
  const problem = answerable
    ? undefined
    : `the questionnaire reader found ${questionnaire.questions.length} questions but none has a Yes/No answer in its answer cell: re-run once the reader finds this layout`
  const profileKeys = new Set(questionnaire.questions.filter((q) => q.kind === 'profile').map((q) => q.key))
  const profile = new Map([...existing].filter(([key]) => profileKeys.has(key)))
  // Answers are hidden from the engine: the workbook bytes never reach it, only the parsed model (which has none).
  const original = { name: path.basename(file), bytes }
  return { name, questionnaire, truth, reference, evidence, problem, profile, original }
}

function mattermostSet(dir: string): Omit<BenchSet, 'group' | 'company'> {
  const qa = 'docs_process_security_2020-07-20.md'
  const held = holdOutQuestions(qa, readFileSync(path.join(dir, qa), 'utf8'))
  const others = [
    'certifications-and-compliance_HEAD.rst',
    'docs_overview_compliance_2020-07-20.rst',
    'docs_overview_security_2020-07-20.rst',
    'handbook_operations_company-policies_security-policies.md',
    'handbook_research-and-development_organization_security_operations.md',
    'handbook_research-and-development_product_development-process_secure-software-development.md',
    'handbook_security_policies.md',
    'handbook_security_product-security_product-vulnerability-process.md',
  ]
  const handbook = 'handbook_operations_company-policies_security-policies.md'
  const text = (name: string, body: string) => ({ name, bytes: new TextEncoder().encode(body) })
  const evidence = [
    text(qa, held.evidenceText),
    // The handbook page is a later copy of the same policy, answer key included: held out the same way.
    text(handbook, withoutQuestions(handbook, readFileSync(path.join(dir, handbook), 'utf8'))),
    ...others.filter((f) => f !== handbook && existsSync(path.join(dir, f))).map((f) => input(path.join(dir, f))),
  ]
  return { name: 'Mattermost (77 questions held out)', questionnaire: held.questionnaire, truth: held.truth, evidence }
}

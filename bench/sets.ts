import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as XLSX from '@e965/xlsx'
import type { EvidenceInput } from '../app/evidence/model'
import type { Questionnaire } from '../app/questionnaire/model'
import { parseQuestionnaire } from '../app/questionnaire/parse.server'
import { holdOutQuestions, withoutQuestions } from './mattermost'
import { truthOf, type Truth } from './score'

export interface BenchSet {
  name: string
  questionnaire: Questionnaire
  truth: Map<string, Truth>
  evidence: EvidenceInput[]
  /** Why the set could not be measured (the reader found no questions with answers, a file is missing). */
  problem?: string
  /**
   * Held out: not looked at while the engine was tuned (HECVAT Full, Mattermost). The development sets are the
   * CAIQ and the three HECVAT Lites; figures are reported for each group separately.
   */
  heldOut?: boolean
}

/** Company-wide Instructure evidence; each HECVAT adds its own product's architecture paper. */
const COMPANY = [
  'Instructure_Security_Overview_2024-12.pdf',
  'Instructure_Security_Overview_ES.pdf',
  'Instructure_Business_Continuity_Disaster_Recovery.pdf',
  'Instructure_Quality_Assurance_Program.pdf',
  'Canvas_LMS_and_Studio_SOC3.pdf',
  'Instructure_ISO27001_Certificate.pdf',
  'Instructure_CSA_STAR_Certificate.pdf',
]

const INSTRUCTURE_SETS: { name: string; file: string; architecture: string[] }[] = [
  { name: 'CAIQ v4 (Instructure)', file: 'Instructure_CAIQ.xlsx', architecture: ['Canvas_LMS_Architecture.pdf'] },
  { name: 'HECVAT Full (Canvas LMS)', file: 'Canvas_LMS_HECVAT_Full.xlsx', architecture: ['Canvas_LMS_Architecture.pdf'] },
  { name: 'HECVAT Lite (Canvas Catalog)', file: 'Canvas_Catalog_HECVAT_Lite.xlsx', architecture: ['Canvas_Catalog_Architecture.pdf'] },
  // No Studio architecture paper is published; the SOC 3 above covers Canvas LMS and Studio.
  { name: 'HECVAT Lite (Canvas Studio)', file: 'Canvas_Studio_HECVAT_Lite.xlsx', architecture: [] },
  { name: 'HECVAT Lite (Mastery Connect)', file: 'Mastery_Connect_HECVAT_Lite.xlsx', architecture: ['Mastery_Connect_Architecture.pdf'] },
]

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
  for (const def of INSTRUCTURE_SETS) {
    const file = path.join(ins, 'questionnaires', def.file)
    const evidence = [...COMPANY, ...def.architecture].map((f) => input(path.join(ins, 'evidence', f)))
    sets.push({ ...workbookSet(def.name, file, evidence), heldOut: def.name.startsWith('HECVAT Full') })
  }
  sets.push({ ...mattermostSet(path.join(root, 'mattermost')), heldOut: true })
  return sets
}

/** Reads the question list with the product's own reader, and the vendor's answers from each answer cell. */
function workbookSet(name: string, file: string, evidence: EvidenceInput[]): BenchSet {
  const bytes = new Uint8Array(readFileSync(file))
  let questionnaire: Questionnaire
  try {
    questionnaire = parseQuestionnaire(path.basename(file), bytes)
  } catch (error) {
    const empty: Questionnaire = { fileName: path.basename(file), format: 'xlsx', kind: '?', sheets: [], questions: [], notes: [] }
    return { name, questionnaire: empty, truth: new Map(), evidence, problem: `the questionnaire reader failed: ${(error as Error).message}` }
  }
  const wb = XLSX.read(bytes, { type: 'array', cellFormula: false })
  const truth = new Map<string, Truth>()
  for (const q of questionnaire.questions) {
    const ref = q.location.answerCell
    const cell = ref ? wb.Sheets[q.location.sheet]?.[ref] : undefined
    truth.set(q.key, truthOf(cell ? String(cell.w ?? cell.v ?? '') : ''))
  }
  const answerable = [...truth.values()].filter((t) => t === 'YES' || t === 'NO').length
  const problem = answerable ? undefined : `the questionnaire reader found ${questionnaire.questions.length} questions but none has a Yes/No answer in its answer cell: re-run once the reader finds this layout`
  // Answers are hidden from the engine: the workbook bytes never reach it, only the parsed model (which has none).
  return { name, questionnaire, truth, evidence, problem }
}

function mattermostSet(dir: string): BenchSet {
  const qa = 'docs_process_security_2020-07-20.md'
  const held = holdOutQuestions(qa, readFileSync(path.join(dir, qa), 'utf8'))
  const others = ['certifications-and-compliance_HEAD.rst', 'docs_overview_compliance_2020-07-20.rst', 'docs_overview_security_2020-07-20.rst',
    'handbook_operations_company-policies_security-policies.md', 'handbook_research-and-development_organization_security_operations.md',
    'handbook_research-and-development_product_development-process_secure-software-development.md', 'handbook_security_policies.md',
    'handbook_security_product-security_product-vulnerability-process.md']
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

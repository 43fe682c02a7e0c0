import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { RuleName } from '../app/answering/model'
import { OfflineEngine } from '../app/answering/offline/engine'
import { extractEvidence } from '../app/evidence/extract.server'
import { readQuestionnaire } from '../app/questionnaire/parse.server'
import { AS_OF } from './accuracy'
import { evalRoot } from './sets'

/**
 * A new version of a form answered from the same product's answers to the old one (issue 21 §2): HECVAT 4.1.4, blank,
 * from Canvas LMS's answered HECVAT Full 3, and nothing else. Version 4 renumbered and reworded the questions, so
 * this is the case where matching by id fails and matching by wording has to carry the reuse. There is no truth (the
 * vendor has not answered version 4): the report counts what was reused and how strongly. The pairs were read by hand
 * once (docs/benchmarks.md, eleventh round); the counts show when a change moves them.
 */
const NEW_FORM = 'hecvat/HECVAT_v4.1.4_blank.xlsx'
const OLD_ANSWERS = 'instructure/questionnaires/Canvas_LMS_HECVAT_Full.xlsx'
const PRODUCT = 'Canvas LMS'

const STRENGTHS: RuleName[] = ['library-exact', 'library-same-id', 'library-near-exact', 'library-similar']

export async function formatVersionProbe(projectRoot: string): Promise<string> {
  const root = evalRoot(projectRoot)
  const form = path.join(root, NEW_FORM)
  const old = path.join(root, OLD_ANSWERS)
  if (!existsSync(form) || !existsSync(old)) return `skipped: ${NEW_FORM} or ${OLD_ANSWERS} is not in ${root}`
  const { questionnaire } = readQuestionnaire(path.basename(form), new Uint8Array(readFileSync(form)))
  const library = { name: path.basename(old), bytes: new Uint8Array(readFileSync(old)), role: 'library' as const }
  const evidence = await extractEvidence([library])
  const answers = await new OfflineEngine({ now: AS_OF }).answer(questionnaire, evidence, undefined, {
    product: PRODUCT,
  })
  const asked = new Set(questionnaire.questions.filter((q) => q.kind === 'question' && !q.unreadable).map((q) => q.key))
  const mine = answers.filter((a) => asked.has(a.key))
  const row = (label: string, list: typeof answers) =>
    `| ${label} | ${list.length} | ${list.filter((a) => !a.flagged).length} |`
  return [
    `HECVAT 4.1.4 (blank) answered from ${PRODUCT}'s HECVAT Full 3 answers, no evidence, product "${PRODUCT}". No truth:`,
    'counts only; every non-exact pair was read by hand once (docs/benchmarks.md, eleventh round).',
    '',
    '| rows | answered | unflagged |',
    '| --- | --- | --- |',
    row(
      `questions (${asked.size})`,
      mine.filter((a) => a.label !== null || a.citations.length > 0),
    ),
    ...STRENGTHS.map((rule) =>
      row(
        `reused: ${rule}`,
        mine.filter((a) => a.rule === rule),
      ),
    ),
    row(
      'N/A after a reused parent (follows-parent)',
      mine.filter((a) => a.rule === 'follows-parent'),
    ),
  ].join('\n')
}

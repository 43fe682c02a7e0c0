import { sortedRows, type Grid } from './grid'
import type { QuestionnaireFormat } from './model'

const FAMILIES: { name: string; test: RegExp }[] = [
  { name: 'CAIQ', test: /consensus assessments? initiative questionnaire|\bCAIQ\b/i },
  { name: 'HECVAT Lite', test: /HECVAT\s*[-–|]?\s*Lite/i },
  { name: 'HECVAT Full', test: /HECVAT\s*[-–|]?\s*Full/i },
  { name: 'HECVAT', test: /\bHECVAT\b/i },
  { name: 'SIG Lite', test: /\bSIG\s*Lite\b/i },
  { name: 'SIG Core', test: /\bSIG\s*Core\b/i },
  { name: 'SIG', test: /standardi[sz]ed information gathering/i },
  { name: 'VSAQ', test: /\bVSAQ\b/i },
]

/**
 * Whether a kind names a published form (CAIQ, HECVAT, SIG, VSAQ), whose ids and wording mean the same question
 * in every company's copy. A custom spreadsheet's "Q1" in one file and "Q1" in another are unrelated.
 */
export function isPublishedForm(kind: string | undefined): boolean {
  return FAMILIES.some((f) => kind?.startsWith(f.name) ?? false)
}

const FALLBACK: Record<QuestionnaireFormat, string> = {
  xlsx: 'Custom spreadsheet',
  xls: 'Custom spreadsheet (.xls)',
  csv: 'CSV questionnaire',
  docx: 'Word questionnaire',
}

/** A human label for the questionnaire ("CAIQ v4.0.3", "HECVAT Lite 3.04"), from sheet names and title cells. */
export function questionnaireKind(format: QuestionnaireFormat, grids: Grid[], questionSheets: string[]): string {
  const ordered = [
    ...grids.filter((g) => questionSheets.includes(g.name)),
    ...grids.filter((g) => !questionSheets.includes(g.name)),
  ]
  const titles: string[] = []
  for (const grid of ordered) {
    titles.push(grid.name)
    for (const row of sortedRows(grid).slice(0, 4))
      for (const text of grid.rows.get(row)!.values()) if (text.length < 120) titles.push(text)
  }
  const all = titles.join('\n')
  const family = FAMILIES.find((f) => f.test.test(all))
  if (!family) return FALLBACK[format]
  const version = /\b(?:version|v)\s*(\d+(?:\.\d+){1,2})\b/i.exec(all)?.[1]
  return version ? `${family.name} ${version}` : family.name
}

import { describe, expect, it } from 'vitest'
import { buildDocx } from '../../tests/fixtures/questionnaires/docx-builder'
import { parseQuestionnaire } from './parse.server'

describe('Word questionnaires', () => {
  it('reads questions from a table with question and answer columns, keeping where each answer belongs', () => {
    const bytes = buildDocx([
      { p: 'Vendor security review', style: 'Title' },
      {
        table: [
          ['Revision', 'Date'],
          ['1.0', '2024-01-01'],
        ],
      },
      {
        table: [
          ['#', 'Question', 'Response', 'Comments'],
          [{ text: 'Data protection', span: 4 }],
          ['1', 'Do you encrypt data at rest?', '', ''],
          ['2', 'Describe your key management\nprocess.', '', ''],
        ],
      },
    ])
    const q = parseQuestionnaire('review.DOCX', bytes)
    expect(q.format).toBe('docx')
    expect(q.sheets).toMatchObject([
      { name: 'Table 2', questionColumn: 'B', answerColumn: 'C', commentColumn: 'D', questionCount: 2 },
    ])
    expect(q.questions.map((x) => [x.id, x.text, x.section, x.location.answerCell])).toEqual([
      ['1', 'Do you encrypt data at rest?', 'Data protection', 'C3'],
      ['2', 'Describe your key management\nprocess.', 'Data protection', 'C4'],
    ])
  })

  it('reads numbered paragraphs, with headings as sections', () => {
    const bytes = buildDocx([
      { p: 'Access control', style: 'Heading1' },
      { p: 'Do you enforce MFA for administrators?', numbered: 0 },
      { p: 'If yes, which factors are accepted?', numbered: 1 },
      { p: 'Some explanatory text that is not a question at all, just context.' },
      { p: 'Logging', style: 'Heading1' },
      { p: '3. Describe how long security logs are retained.' },
    ])
    const q = parseQuestionnaire('numbered.docx', bytes)
    expect(q.questions.map((x) => [x.id, x.text, x.section])).toEqual([
      ['Q1', 'Do you enforce MFA for administrators?', 'Access control'],
      ['Q1.1', 'If yes, which factors are accepted?', 'Access control'],
      ['Q3', 'Describe how long security logs are retained.', 'Logging'],
    ])
    // The paragraph's position in the document is its row.
    expect(q.questions.map((x) => x.location.row)).toEqual([2, 3, 6])
    expect(q.questions[1]!.dependsOn).toEqual({ key: q.questions[0]!.key, when: 'YES' })
  })

  it('says what it looked for when a document holds no questions', () => {
    const bytes = buildDocx([
      { p: 'Meeting notes' },
      {
        table: [
          ['Name', 'Role'],
          ['Ann', 'CISO'],
        ],
      },
    ])
    expect(() => parseQuestionnaire('notes.docx', bytes)).toThrow(
      /notes\.docx: no questions found\. QFill looked in a table or numbered paragraphs/,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { addPicks, checkLibraryFile, submitLabel } from './file-picks'

const file = (name: string, size = 100) => ({ name, size })

describe('the upload panel’s file slots', () => {
  it('takes earlier answered questionnaires in the library slot, and says what is wrong with anything else', () => {
    expect(checkLibraryFile(file('hecvat-2024.xlsx'))).toBeNull()
    expect(checkLibraryFile(file('caiq.csv'))).toBeNull()
    expect(checkLibraryFile(file('soc2.pdf'))?.message).toBe(
      'soc2.pdf: earlier answered questionnaires must be .xlsx, .xls, .csv or .docx files.',
    )
    expect(checkLibraryFile(file('big.xlsx', 26 * 1024 * 1024))?.title).toBe('File Too Large')
    expect(checkLibraryFile(file('empty.docx', 0))?.title).toBe('Empty File')
  })

  it('shares 10 files between evidence and library, skips duplicates and keeps what fits', () => {
    const evidence = Array.from({ length: 7 }, (_, i) => file(`policy-${i}.pdf`))
    const { files, problems } = addPicks(
      'library',
      [file('a.xlsx')],
      [file('a.xlsx'), file('b.xlsx'), file('c.xlsx'), file('d.xlsx')],
      evidence.length,
    )
    expect(files.map((f) => f.name)).toEqual(['a.xlsx', 'b.xlsx', 'c.xlsx'])
    expect(problems).toEqual([
      { title: 'Too Many Files', message: 'Maximum 10 evidence and library files in all. Adding first 2 files.' },
    ])
    const refused = addPicks('evidence', [], [file('notes.exe'), file('policy.md')], 0)
    expect(refused.files.map((f) => f.name)).toEqual(['policy.md'])
    expect(refused.problems[0]!.title).toBe('Invalid Evidence File')
  })

  it('labels the button with the evidence count, and the library count only when there is one', () => {
    expect(submitLabel(1, 0)).toBe('Process with AI (1 evidence files)')
    expect(submitLabel(2, 1)).toBe('Process with AI (2 evidence files, 1 library file)')
  })
})

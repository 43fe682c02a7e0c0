import { describe, expect, it } from 'vitest'
import { LIST_MARK, normalizeText, splitSentences } from './text'

describe('splitSentences', () => {
  it('keeps version numbers, decimals and abbreviations inside their sentence', () => {
    expect(
      splitSentences('Data is encrypted in transit with TLS 1.2. Keys rotate yearly, e.g. every March. Done!'),
    ).toEqual(['Data is encrypted in transit with TLS 1.2.', 'Keys rotate yearly, e.g. every March.', 'Done!'])
  })

  it('ends sentences at headings and keeps a last sentence without a full stop', () => {
    expect(splitSentences('Heading\nBody text here. Tail without stop')).toEqual([
      'Heading',
      'Body text here.',
      'Tail without stop',
    ])
  })

  it('joins lines a PDF wrapped mid-sentence, hyphen breaks included', () => {
    const page =
      'Data centers are staffed 24x7 by trained security guards and access is authorized strictly on a least-\nprivileged basis. All code goes through developer peer-review before it is merged into the code base\nrepository and is scanned for security vulnerabilities (including dependencies) before release to\nproduction.'
    expect(splitSentences(page)).toEqual([
      'Data centers are staffed 24x7 by trained security guards and access is authorized strictly on a least-\nprivileged basis.',
      'All code goes through developer peer-review before it is merged into the code base\nrepository and is scanned for security vulnerabilities (including dependencies) before release to\nproduction.',
    ])
  })

  it('breaks before bullets and numbered items, after short lines and table-of-contents lines', () => {
    expect(
      splitSentences(
        'Backups\nCatalog is backed up daily and backups are retained as follows:\n• Last 60 daily backups retained\n• Last 60 monthly backups retained',
      ),
    ).toEqual([
      'Backups',
      'Catalog is backed up daily and backups are retained as follows:',
      '• Last 60 daily backups retained',
      '• Last 60 monthly backups retained',
    ])
    expect(
      splitSentences('Per the employee exit policy,\nuser accounts are deleted upon termination of employment.'),
    ).toHaveLength(1)
    const apart = (text: string, a: string, b: string) =>
      !splitSentences(text).some((s) => s.includes(a) && s.includes(b))
    expect(
      apart(
        'Introduction ........................ 3\nOverview ........................... 3',
        'Introduction',
        'Overview',
      ),
    ).toBe(true)
    expect(
      apart(
        'Our team handles the following tasks for every customer across the world\n2. Is MFA required',
        'tasks',
        'MFA',
      ),
    ).toBe(true)
  })
})

describe('LIST_MARK', () => {
  it('is every kind of list mark, so items split apart and quotes leave the mark out', () => {
    // A PDF's Wingdings bullet comes out as "o"; "○" is a hollow bullet: both start items of their own.
    expect(splitSentences('Supported clients:\no Android and iOS mobile applications\no Mobile browsers')).toEqual([
      'Supported clients:',
      'o Android and iOS mobile applications',
      'o Mobile browsers',
    ])
    const marks = ['• ', '○ ', '‣ ', '- ', '– ', 'o ', '1. ', '(2) ', 'b) ', 'iv. ', '  * ']
    for (const mark of marks)
      expect(`${mark}Backups are encrypted.`.replace(LIST_MARK, '')).toBe('Backups are encrypted.')
  })

  it('leaves words, abbreviations and section numbers alone', () => {
    for (const text of ['e.g. backups are encrypted', '1.2 Scope of the policy', 'Okta enforces MFA', 'No. 5 applies'])
      expect(text.replace(LIST_MARK, '')).toBe(text)
  })
})

describe('normalizeText', () => {
  it('folds white space and compatibility characters', () => {
    expect(normalizeText(' ﬁrewall\n\t rules ')).toBe('firewall rules')
  })
})

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { evidenceIndex, enforceVerbatim } from '../answering/citations'
import { OfflineEngine } from '../answering/offline/engine'
import { questionnaireOf, yesNoQuestion } from '../../tests/support/answering'
import { decodeEntities, plainLines, stripInline } from './markup'
import { markdownPassages } from './passages'

/** Markup that must never reach a passage, hence a quote. */
const MARKUP = /\*\*\S|__\S|\]\(|<\/?[a-z][^>]*>|&[a-z]+;|(?:^|\s)#{1,6}\s|`|^\s*\|/im

describe('stripInline', () => {
  it.each([
    ['**Customer data** is __encrypted__ at rest.', 'Customer data is encrypted at rest.'],
    ['We use *AES-256* and _TLS 1.2_ everywhere.', 'We use AES-256 and TLS 1.2 everywhere.'],
    ['See the [security page](https://example.com/security) and ![logo](l.png).', 'See the security page and logo.'],
    ['Run `pg_dump` nightly; keys in <code>KMS</code> &amp; HSMs.', 'Run pg_dump nightly; keys in KMS & HSMs.'],
    // Struck-out text is deleted: it must not turn "prohibited" back into "allowed".
    ['Backups are ***never*** ~~sometimes~~ skipped.', 'Backups are never skipped.'],
    ['Shared accounts are <del>allowed</del> prohibited.', 'Shared accounts are prohibited.'],
    ['Scans run weekly with Tenable Nessus[^1].', 'Scans run weekly with Tenable Nessus.'],
    // A star after the last word marks a note ("available on request"), escaped or not; one between words stays.
    ['* [Kiosk Policy](https://example.test/k)\\*', '* Kiosk Policy'],
    ['Till Policy*', 'Till Policy'],
    ['Tills hold 5 * 3 rolls.', 'Tills hold 5 * 3 rolls.'],
    // A site generator's template tags go; a quoted argument that is prose is what the page shows.
    [
      '{% include note.html content="Clerks rotate kiosk keys every 90 days." %}',
      'Clerks rotate kiosk keys every 90 days.',
    ],
    ['{{< callout type="info" >}}Kiosk tills are counted nightly.{{< /callout >}}', 'Kiosk tills are counted nightly.'],
    ["{{% note title='Till rules' %}}", 'Till rules'],
    ['{{ site.branch }} clerks sign the till log.', 'clerks sign the till log.'],
    // A kramdown attribute list and an emoji shortcode are no words.
    ['Till logs are kept for a year.{: .small}', 'Till logs are kept for a year.'],
    ['Tills are :lock: locked at night.', 'Tills are locked at night.'],
  ])('%s', (line, plain) => expect(stripInline(line)).toBe(plain))

  it('leaves words with inner underscores and lone stars alone', () => {
    expect(stripInline('The setting snake_case_name is on; 5 * 3 = 15.')).toBe(
      'The setting snake_case_name is on; 5 * 3 = 15.',
    )
  })

  it('decodes character references', () => {
    expect(decodeEntities('R&amp;D &#8217;s &#x2019; &nbsp;&bogus;')).toBe('R&D ’s ’  &bogus;')
  })
})

describe('plainLines', () => {
  it('reads headings (ATX, setext, HTML, bold-only lines) as headings, keeping source line numbers', () => {
    const lines = plainLines('# Security\n\n__Title__ __Title__\nBody.\n\nAccess\n======\n<h3>Keys</h3>\nText.')
    expect(lines.filter((l) => l.heading || l.subheading).map((l) => [l.line, l.text, l.heading ?? 'sub'])).toEqual([
      [0, 'Security', 1],
      [2, 'Title Title', 'sub'],
      [5, 'Access', 1],
      [7, 'Keys', 3],
    ])
  })

  it('makes table rows lines of their own with the header row as their context', () => {
    const lines = plainLines(
      '| Control | Frequency |\n| --- | :-: |\n| **Access review** | Quarterly |\n| Backups | Daily |',
    )
    expect(lines).toEqual([
      { line: 2, text: 'Access review\tQuarterly', context: 'Control\tFrequency', block: true },
      { line: 3, text: 'Backups\tDaily', context: 'Control\tFrequency', block: true },
    ])
  })

  it('marks list items, drops rules, link definitions, comments and fences, and splits HTML blocks', () => {
    const md =
      '- one\n* two\n3. three\n\n---\n[ref]: https://x.y\n<!-- note\nmore -->\n```\ncode line\n```\n<p>First</p><p>Second</p>'
    expect(plainLines(md).map((l) => l.text)).toEqual([
      '• one',
      '• two',
      '3. three',
      '',
      '',
      '',
      'code line',
      '',
      'First',
      'Second',
    ])
  })

  it('drops scripts and styles with their code, on one line or several, keeping the line count', () => {
    const md = [
      '<style>.note{color:red}</style><p>Kiosk ledgers are encrypted.</p>',
      '<script type="text/javascript">',
      'var banner = "ledgers encrypted everywhere";',
      '</script>',
      'Tills lock after five minutes.',
    ].join('\n')
    const lines = plainLines(md)
    expect(lines.map((l) => l.text).join(' ')).not.toMatch(/color|banner|var /)
    expect(lines.find((l) => l.text.includes('Tills'))!.line).toBe(4)
    expect(lines.map((l) => l.text)).toContain('Kiosk ledgers are encrypted.')
  })

  it('drops lines that are markup whole: GitHub alert types, abbreviations, attribute lists, MDX imports and exports', () => {
    const md = [
      "import Tabs from '@theme/Tabs';",
      'export const meta = { title: "Tills" }',
      '> [!WARNING]',
      '> Clerks never share till keys.',
      '*[POS]: Point of sale',
      '{: .note}',
      'Spare tills are sealed every night.',
    ]
    expect(plainLines(md.join('\n')).map((l) => l.text)).toEqual([
      'Clerks never share till keys.',
      'Spare tills are sealed every night.',
    ])
  })

  it("drops an admonition's opening line and keeps its indented text", () => {
    const md = [
      'Tills are counted nightly.',
      '',
      '!!! warning "Till keys"',
      '    Till keys stay in the branch safe.',
      '??? note',
      '    Spare keys are logged.',
    ]
    expect(plainLines(md.join('\n')).map((l) => l.text.trim())).toEqual([
      'Tills are counted nightly.',
      '',
      '',
      'Till keys stay in the branch safe.',
      '',
      'Spare keys are logged.',
    ])
  })

  it('drops front matter, heading anchors, task-list boxes and stars that mark a note', () => {
    const md = [
      '---',
      'title: Example Corp access policy',
      'owner: security',
      '---',
      '# Access Policy {#access}',
      'Keys {#keys}',
      '====',
      '- [x] Admin access requires a hardware token.',
      '- [ ] Yearly access recertification is planned for Q2 2027.',
      '* Laptop disks use AES-256 **',
    ].join('\n')
    const lines = plainLines(md).filter((l) => l.text)
    expect(lines.map((l) => [l.line, l.text, l.heading])).toEqual([
      [4, 'Access Policy', 1],
      [5, 'Keys', 1],
      [7, '• Admin access requires a hardware token.', undefined],
      [8, '• Yearly access recertification is planned for Q2 2027.', undefined],
      [9, '• Laptop disks use AES-256', undefined],
    ])
    expect(plainLines('Keys {: #k .c}\n----')[0]!.text).toBe('Keys')
    // A thematic break that opens a file without closing is a rule, not front matter.
    expect(plainLines('---\nText.').flatMap((l) => (l.text ? [l.text] : []))).toEqual(['Text.'])
  })

  it("keeps a footnote's text as a line of its own", () => {
    expect(
      plainLines('Scans run weekly[^scan].\n\n[^scan]: Authenticated scans, with **Nessus**.').map((l) => l.text),
    ).toEqual(['Scans run weekly.', '', 'Authenticated scans, with Nessus.'])
  })
})

describe('reStructuredText evidence is plain text', () => {
  const rst = [
    'Backups',
    '=======',
    '',
    'Backups run nightly. See `the backup guide <https://example.test/backup.html#nightly>`__ for details.',
    '',
    '.. note::',
    '   :class: boxed',
    '',
    '   Restores are tested each quarter, see :doc:`restore drills </ops/restore>` and :ref:`drill-log`.',
    '',
    '.. _drill-log:',
    '',
    '.. image:: ../images/drill.png',
    '   :alt: Drill chart',
    '',
    '.. a comment for editors',
    '   spanning two lines',
    '',
    'Keys rotate yearly per `Key Policy`_ and ``kms rotate`` runs it as follows::',
    '',
    '.. [1] Rotation dates are logged.',
    '.. _Key Policy: https://example.test/keys',
  ].join('\n')

  it('reads roles and links as their text, keeps admonitions and footnotes, and drops directives, targets and comments', () => {
    const lines = plainLines(rst).filter((l) => l.text.trim())
    expect(lines.map((l) => l.text.trim())).toEqual([
      'Backups',
      'Backups run nightly. See the backup guide for details.',
      'Restores are tested each quarter, see restore drills and drill-log.',
      'Keys rotate yearly per Key Policy and kms rotate runs it as follows:',
      'Rotation dates are logged.',
    ])
    expect(lines.map((l) => l.line)).toEqual([0, 3, 8, 18, 20])
  })

  it('keeps every quote of an answer from an .rst file free of its markup', async () => {
    const doc = {
      file: 'security.rst',
      passages: markdownPassages('security.rst', rst),
      library: [],
      chars: rst.length,
    }
    const answers = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([yesNoQuestion('Are restores tested each quarter?'), yesNoQuestion('Do keys rotate yearly?')]),
      [{ ...doc, status: 'ok' as const }],
    )
    const quotes = answers.flatMap((a) => a.citations.map((c) => c.quote))
    expect(quotes.length).toBeGreaterThan(1)
    for (const q of quotes) expect(q).not.toMatch(/`|:doc:|:ref:|<https?:|__|\.\. /)
  })
})

describe('HTML tables in Markdown', () => {
  it('reads a table written a cell per line as one line per row, its header row as context', () => {
    const md =
      '<table>\n  <tr>\n    <th>Data</th>\n    <th>Method</th>\n  </tr>\n  <tr>\n    <td>Laptop <b>HDD</b></td>\n    <td>Encryption</td>\n  </tr>\n</table>'
    expect(plainLines(md)).toEqual([{ line: 6, text: 'Laptop HDD\tEncryption', block: true, context: 'Data\tMethod' }])
  })

  it('reads a table written a row per line the same way, its header row as context to the end of the table', () => {
    const md = [
      '<table><tr><th>Area</th><th>Practice</th></tr>',
      '<tr><td>Logging</td><td>Security logs are kept for <strong>one year</strong>.</td></tr>',
      '</table>',
      '<p>After the table.</p>',
    ].join('\n')
    expect(plainLines(md).filter((l) => l.text)).toEqual([
      { line: 1, text: 'Logging\tSecurity logs are kept for one year.', block: true, context: 'Area\tPractice' },
      { line: 3, text: 'After the table.', block: true },
    ])
  })
})

describe('Markdown evidence is plain text', () => {
  it('keeps markup out of every passage of the openly licensed Markdown policies', () => {
    const root = join(__dirname, '../../tests/fixtures/open')
    const files = ['posthog', 'sourcegraph-handbook/policies', 'sourcegraph-handbook/security', 'basecamp-policies']
      .flatMap((dir) => readdirSync(join(root, dir)).map((f) => join(root, dir, f)))
      .filter((f) => f.endsWith('.md') && !/LICENSE/.test(f))
    expect(files.length).toBeGreaterThan(10)
    for (const f of files) {
      for (const p of markdownPassages(f, readFileSync(f, 'utf8')))
        expect(p.text, `${f} ${p.location}`).not.toMatch(MARKUP)
    }
  })

  it('answers from a table row of short cells, which is no heading, naming each cell by its column', async () => {
    const md = [
      '# Controls',
      '',
      '| Control | Frequency | Tools |',
      '| --- | --- | --- |',
      '| Vulnerability scanning | Weekly | Scanner A and Scanner B |',
    ].join('\n')
    const doc = { file: 'controls.md', passages: markdownPassages('controls.md', md), library: [], chars: md.length }
    const question = { ...yesNoQuestion('Describe your vulnerability scanning.'), allowed: undefined }
    const [answer] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(questionnaireOf([question]), [
      { ...doc, status: 'ok' as const },
    ])
    expect(answer!.text).toBe('Control: Vulnerability scanning; Frequency: Weekly; Tools: Scanner A and Scanner B')
    expect(answer!.reasons.join(' ')).not.toMatch(/heading/)
  })

  it('answers from a bold-marked policy with a plain quote, never its heading, and the quote checks as verbatim', async () => {
    const md = [
      '# Data Protection Policy',
      '',
      '__Encryption__ __Encryption__',
      '',
      'All **customer data** is encrypted at rest with [AES-256](https://en.wikipedia.org/wiki/AES) and in transit with `TLS 1.2`.',
      '',
      '| Control | Owner |',
      '| --- | --- |',
      '| Encryption keys rotated yearly | Security team |',
    ].join('\n')
    const doc = { file: 'policy.md', passages: markdownPassages('policy.md', md), library: [], chars: md.length }
    const evidence = [{ ...doc, status: 'ok' as const }]
    const [answer] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([yesNoQuestion('Is customer data encrypted at rest?')]),
      evidence,
    )
    expect(answer!.label).toBe('YES')
    const quote = answer!.citations[0]!.quote
    expect(quote).toBe('All customer data is encrypted at rest with AES-256 and in transit with TLS 1.2.')
    expect(answer!.citations[0]!.location).toBe('Data Protection Policy > Encryption Encryption')
    expect(enforceVerbatim(answer!, evidenceIndex(evidence)).citations).toHaveLength(answer!.citations.length)
  })
})

describe('reStructuredText tables, fields and substitutions', () => {
  it('reads a grid table row spanning several lines as one line, the rows above "=" its context', () => {
    const rst = [
      'Intro.',
      '',
      '+------------+---------------------------+',
      '| Asset      | Handling                  |',
      '+============+===========================+',
      '| Kiosk      | Disks are wiped before    |',
      '| terminals  | the unit leaves a branch. |',
      '+------------+---------------------------+',
      '| Badges     | Revoked on the last day.  |',
      '+------------+---------------------------+',
      '',
      'After.',
    ].join('\n')
    expect(plainLines(rst).filter((l) => l.text)).toEqual([
      { line: 0, text: 'Intro.' },
      {
        line: 5,
        text: 'Kiosk terminals\tDisks are wiped before the unit leaves a branch.',
        block: true,
        context: 'Asset\tHandling',
      },
      { line: 8, text: 'Badges\tRevoked on the last day.', block: true, context: 'Asset\tHandling' },
      { line: 11, text: 'After.' },
    ])
  })

  it('reads a simple table with and without a header, a row with a blank first column continuing the one above', () => {
    const rst = [
      '=======  =====================',
      'Asset    Handling',
      '=======  =====================',
      'Kiosk    Disks are wiped',
      '         before transfer.',
      'Badges   Revoked on exit.',
      '=======  =====================',
      '',
      '=====  =====',
      'Vault  Sealed',
      '=====  =====',
    ].join('\n')
    expect(plainLines(rst).filter((l) => l.text)).toEqual([
      { line: 3, text: 'Kiosk\tDisks are wiped before transfer.', block: true, context: 'Asset\tHandling' },
      { line: 5, text: 'Badges\tRevoked on exit.', block: true, context: 'Asset\tHandling' },
      { line: 9, text: 'Vault\tSealed', block: true },
    ])
  })

  it('reads a plain-text table under a rule of dashes row by row, a row with a blank first column continuing the one above', () => {
    const text = [
      'Branch assets, as of May:',
      '',
      'ID    Asset     Handling',
      '----  --------  ----------------------',
      'A-1   Kiosk     Disks are wiped',
      '                before transfer.',
      'A-2   Badges    Revoked on exit.',
      '',
      'After the table.',
      '',
      'A heading',
      '---------',
    ].join('\n')
    expect(plainLines(text).filter((l) => l.text)).toEqual([
      { line: 0, text: 'Branch assets, as of May:' },
      { line: 4, text: 'A-1\tKiosk\tDisks are wiped before transfer.', block: true, context: 'ID\tAsset\tHandling' },
      { line: 6, text: 'A-2\tBadges\tRevoked on exit.', block: true, context: 'ID\tAsset\tHandling' },
      { line: 8, text: 'After the table.' },
      { line: 10, text: 'A heading', heading: 2 },
    ])
  })

  it('reads list-table and csv-table directives row by row, their caption and header rows as context', () => {
    const rst = [
      '.. list-table:: Branch assets',
      '   :header-rows: 1',
      '   :widths: 20 80',
      '',
      '   * - Asset',
      '     - Handling',
      '   * - Kiosk',
      '     - Wiped before transfer,',
      '       then logged.',
      '',
      '.. csv-table:: Keys',
      '   :header: "Key", "Rotation"',
      '',
      '   "Vault key", "Yearly, by the branch"',
      '   Till key, Monthly',
      '',
      'After.',
    ].join('\n')
    expect(plainLines(rst).filter((l) => l.text)).toEqual([
      {
        line: 6,
        text: 'Kiosk\tWiped before transfer, then logged.',
        block: true,
        context: 'Branch assets\tAsset\tHandling',
      },
      { line: 13, text: 'Vault key\tYearly, by the branch', block: true, context: 'Keys\tKey\tRotation' },
      { line: 14, text: 'Till key\tMonthly', block: true, context: 'Keys\tKey\tRotation' },
      { line: 16, text: 'After.' },
    ])
  })

  it('puts substitutions in place, drops footnote references, and reads field lists, line blocks and containers', () => {
    const md = [
      '.. |period| replace:: ninety days',
      '.. |logo| image:: logo.png',
      '',
      '|logo| Kiosk logs are kept |period| [#]_ and audited [1]_ per [BRANCH9]_.',
      '',
      ':Owner: Branch security',
      ':Reviewed: yearly',
      '',
      '| Tills are counted nightly.',
      '',
      ':::note Vault access',
      'Two staff open the vault.',
      ':::',
      '',
      'Term',
      ': Its definition.',
      '',
      '| Cell | Cell |',
    ].join('\n')
    expect(
      plainLines(md)
        .filter((l) => l.text)
        .map((l) => [l.text.trim(), l.subheading ?? false]),
    ).toEqual([
      ['Kiosk logs are kept ninety days and audited per BRANCH9.', false],
      ['Owner: Branch security', false],
      ['Reviewed: yearly', false],
      ['Tills are counted nightly.', false],
      ['Vault access', true],
      ['Two staff open the vault.', false],
      ['Term', false],
      ['Its definition.', false],
      ['| Cell | Cell |', false],
    ])
  })

  it('keeps every quote from an .rst grid table free of its borders and bars', async () => {
    const rst = [
      'Branch controls',
      '===============',
      '',
      '+---------------------+-----------------------------------------+',
      '| Control             | Practice                                |',
      '+=====================+=========================================+',
      '| Kiosk disk wiping   | Kiosk disks are wiped before each unit  |',
      '|                     | leaves the branch.                      |',
      '+---------------------+-----------------------------------------+',
    ].join('\n')
    const doc = { file: 'branch.rst', passages: markdownPassages('branch.rst', rst), library: [], chars: rst.length }
    const [answer] = await new OfflineEngine({ now: new Date('2025-01-01') }).answer(
      questionnaireOf([yesNoQuestion('Are kiosk disks wiped before a unit leaves the branch?')]),
      [{ ...doc, status: 'ok' as const }],
    )
    expect(answer!.label).toBe('YES')
    expect(answer!.citations.length).toBeGreaterThan(0)
    for (const c of answer!.citations) expect(c.quote).not.toMatch(/\+-|\+=|\||\s{3,}/)
  })
})

/**
 * Markdown and HTML markup read as what it means, so evidence is plain text: emphasis, code spans, links and tags
 * go, their words stay; headings and table headers say what the text under them is about (context), never what it
 * states. The plain text is the extracted text that quotes are checked against (answering/citations.ts), and each
 * plain line keeps the number of the source line it came from, so locations still point into the uploaded file.
 */

/** One line of plain text and where it came from. */
export interface PlainLine {
  /** 0-based line of the source file. */
  line: number
  text: string
  /** A heading of this level (1 = top): where the lines after it belong, not evidence of its own. */
  heading?: number
  /** A heading made only of emphasis ("**Data Retention**"): one level under the last real heading. */
  subheading?: boolean
  /** What the line is about, unsaid: the header row of the table it is a row of. */
  context?: string
  /** The line starts a block of its own (a table row, an HTML block): a paragraph break before it. */
  block?: boolean
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  bull: '•',
  middot: '·',
}

/** HTML character references (&amp;, &#39;, &#x2019;) to their characters; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (all, code: string) => {
    if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? all
    const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1))
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : all
  })
}

const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi
/** Tags that start a block of their own: a paragraph, a list item, a table row, a line break. */
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|tr|table|thead|tbody|section|article|blockquote|pre|h[1-6]|dd|dt|dl)\b[^>]*>/gi

/** Characters that may open inline markup: a line without any is plain already. */
const INLINE_MARK = /[*_`<>[\]&\\~!{:]/

/**
 * A site generator's template tag: a Hugo shortcode ("{{< callout >}}", "{{% note %}}"), a Liquid or Jinja tag ("{%
 * include note.html %}") or an expression ("{{ site.title }}"). What the page shows is its quoted argument when that
 * is prose ("{% include note.html content="Clerks rotate keys every 90 days." %}"); anything else is the generator's.
 */
const TEMPLATE_TAG = /(?:\{\{[<%]([^{}]*?)[>%]\}\}|\{%-?([^{}]*?)-?%\}|\{\{([^{}]*?)\}\})( ?)/g
/** A quoted argument of a template tag with two words or more. */
const QUOTED_PROSE = /"([^"]*[A-Za-z][^"]*\s[^"]*)"|'([^']*[A-Za-z][^']*\s[^']*)'/g
/** What a template tag shows, and the space after it when it shows something. */
const templateText = (space: string, ...groups: (string | undefined)[]) => {
  const shown = [...(groups.find((g) => g !== undefined) ?? '').matchAll(QUOTED_PROSE)].map((m) => m[1] ?? m[2])
  return shown.length ? shown.join(' ') + space : ''
}

/** Inline markup of one line to its words: links to their text, emphasis and code marks and tags dropped. */
export function stripInline(line: string): string {
  if (!INLINE_MARK.test(line)) return line
  let t = line
    // Struck-out text is deleted text: "shared accounts are ~~allowed~~ prohibited" says they are prohibited.
    .replace(/\s?<(del|s|strike)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/\s?~~(?=\S)(.+?)(?<=\S)~~/g, '')
    // A footnote reference ("Nessus[^1]") is a pointer, not a word.
    .replace(/\[\^[^\]\s]+\]/g, '')
    // So is reStructuredText's ("encrypted [#]_", "[1]_"); a citation's ("[NIST800]_") reads as its label.
    .replace(/\s?\[(?:#[\w-]*|\*|\d+)\]_(?!\w)/g, '')
    .replace(/\[([A-Za-z][\w.-]*)\]_(?!\w)/g, '$1')
    .replace(/!\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
    .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    // reStructuredText: a role (":doc:`Restore drills </ops/restore>`") and a hyperlink ("`the guide <https://...>`__")
    // read as their text; a reference ("`Key Policy`_") as its words.
    .replace(/:[a-z][\w.+-]*:`([^`<]*?[^`<\s])\s*<[^<>`]*>`/gi, '$1')
    .replace(/:[a-z][\w.+-]*:`([^`]+)`/gi, '$1')
    .replace(/`([^`<]*?[^`<\s])\s*<[^<>`]+>`_{1,2}(?!\w)/g, '$1')
    .replace(/(?<!`)`([^`]+)`_{1,2}(?!\w)/g, '$1')
    .replace(/<((?:https?|mailto):[^<>\s]+)>/gi, '$1')
    .replace(TEMPLATE_TAG, (_, shortcode?: string, tag?: string, expression?: string, space = '') =>
      templateText(space, shortcode, tag, expression),
    )
    // A kramdown attribute list ("{: .note}") styles the block; an emoji shortcode (":lock:") is a picture.
    .replace(/\s?\{:[^{}]*\}/g, '')
    .replace(/(^|\s):[a-z0-9_+-]+:(?:\s+|$)/g, '$1')
    .replace(TAG, '')
    .replace(/(`+)(.+?)\1/g, '$2')
  // Strong before emphasis, repeated for nesting ("***x***", "**_x_**").
  for (let i = 0; i < 3; i++) {
    t = t
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/(?<![*\w\\])\*(?=[^\s*])([^*]*?[^\s*\\])\*(?![*\w])/g, '$1')
      .replace(/(?<![\w\\])_(?=[^\s_])([^_]*?[^\s_\\])_(?!\w)/g, '$1')
  }
  // Stars left standing after the emphasis is read, at the end or two or three together ("XTS-AES-128 **"): a note
  // mark, not a word. One between words may be arithmetic ("5 * 3").
  t = t.replace(/(^|\s)\*{2,3}(?:\s+|$)|\s+\*$/g, '$1').replace(/\s+$/, '')
  // A star written after the last word ("[Backup Policy](...)\*", "Policy*"), escaped or not, marks a note.
  return decodeEntities(t.replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, '$1')).replace(/(?<=[\w).])\*{1,3}$/, '')
}

const ATX = /^ {0,3}(#{1,6})\s+(.*?)\s*(?:#+\s*)?$/
/** A heading's attribute block ("{#encryption}", "{: .policy}"): an anchor for links, not a word of the title. */
const HEADING_ATTRIBUTES = /\s*\{:?\s*[#.][^{}]*\}\s*$/
const FRONT_MATTER = /^(---|\+\+\+)\s*$/
/** A task list's box ("- [x] ...", "- [ ] ..."): a mark, like the list's own. */
const TASK_BOX = /^(\s*(?:• |\d{1,3}[.)] ))\[[ xX]\]\s+/
const SETEXT_UNDERLINE = /^([=\-~^"'`#*+])\1{2,}\s*$/
const RULE = /^ {0,3}(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*\S+/
/**
 * Lines that are markup whole: a GitHub alert's type ("> [!NOTE]"), an abbreviation's definition ("*[POS]: Point of
 * sale"), an attribute list on a line of its own ("{: .note}"), and an MDX file's imports and exports.
 */
const MARKUP_LINE =
  /^ {0,3}(?:(?:>\s?)+\[!(?:note|tip|important|warning|caution)\]\s*|\*\[[^\]]+\]:.*|\{:[^{}]*\}\s*|import\s+[\w{}*,\s]+\s+from\s+['"][^'"]+['"];?\s*|export\s+(?:const|default|function)\b.*)$/i
const FOOTNOTE = /^ {0,3}\[\^[^\]]+\]:\s*(\S.*)$/
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/
const LIST_MARK = /^(\s*)(?:[-*+]|(\d{1,3}[.)]))\s+/
/** A line made of emphasis only ("**Data Retention**", "__Title__ __Title__"): a heading written as bold text. */
const BOLD_LINE = /^\s*(?:(\*\*|__)(?=\S)[^*_]+?(?<=\S)\1\s*)+$/
const HTML_HEADING = /^\s*<h([1-6])\b[^>]*>(.*?)<\/h\1>\s*$/i
/** A reStructuredText explicit markup line: ".. note::", ".. _target:", ".. [1] footnote", ".. a comment". */
const RST_EXPLICIT = /^( {0,3})\.\.(?:\s+(.*?))?\s*$/
/** Directives whose content is prose (an admonition, a titled box): their text stays, the directive line goes. */
const RST_PROSE = new RegExp(
  `^(?:${[
    ...['note', 'warning', 'tip', 'important', 'attention', 'caution', 'danger', 'error', 'hint', 'admonition'],
    ...['seealso', 'topic', 'sidebar', 'rubric', 'versionadded', 'versionchanged', 'deprecated', 'container'],
    ...['rst-class', 'highlights', 'pull-quote', 'epigraph', 'tab', 'group-tab', 'only'],
  ].join('|')})$`,
  'i',
)
/** A reStructuredText grid table's border ("+------+-----+", "+======+=====+" under the header rows). */
const GRID_BORDER = /^\s*\+(?:[-=:]+\+)+\s*$/
/** A reStructuredText simple table's border: runs of "=" for two columns or more. */
const SIMPLE_BORDER = /^\s*=+(?:\s+=+)+\s*$/
/** A plain-text table's rule under its header row: runs of "-" for two columns or more ("----  --------  ------"). */
const DASH_RULE = /^\s*-{2,}(?:[ \t]+-{2,})+\s*$/
/** A field list's line (":Owner: Security team"): a name and its value. */
const FIELD = /^:([A-Za-z][\w .-]*?):(?:\s+(.*))?$/
/** An admonition's opening line in MkDocs and Python-Markdown ('!!! note "Retention"', '??? tip'). */
const ADMONITION = /^ {0,3}(?:!!!|\?\?\?\+?)\s*[\w-]+(?:\s+[\w-]+)*(?:\s+"[^"]*")?\s*$/
/** A container fence (":::note Retention", ":::"): its title, if any, heads its content. */
const CONTAINER = /^ {0,3}:{3,}\s*(?:[\w-]+)?\s*(?:\[(.*)\]|(.*))$/
/** A reStructuredText line block's line ("| Security team"), or a definition (": the text", in Markdown Extra). */
const LEADING_MARK = /^( {0,3})(?:\|(?=\s|$)(?!.*\|)|:(?=\s))\s*/
/** A directive's option line (":alt: Chart", ":maxdepth: 2"): settings, not statements. */
const RST_OPTION = /^\s+:[\w-]+:(?:\s|$)/

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => stripInline(c.trim()))
    .filter(Boolean)

/**
 * Markdown (and reStructuredText: headings, directives, roles, links; and HTML inside either) to plain lines. A
 * table's rows become one line each, cells apart by a tab, with the header row as their context; list marks become
 * "•" (numbers stay), so a list item still starts a sentence of its own.
 */
export function plainLines(source: string): PlainLine[] {
  // Comments, scripts and styles (code, never text a reader sees) and tags that span lines go first, keeping the line
  // count, so every line keeps its number.
  const text = source
    .replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ''))
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, (m) => m.replace(/[^\n]/g, ''))
    .replace(/<\/?[a-z][^<>]*\n[^<>]*>/gi, (m) => m.replace(/[^\n]/g, ''))
  const lines = substitute(text.split('\n'))
  // Front matter (a YAML or TOML block opening the file) is the file's metadata, not its statements.
  const front = FRONT_MATTER.exec(lines[0] ?? '')
  if (front) {
    const close = lines.findIndex((l, k) => k > 0 && l.trim() === front[1])
    if (close > 0) lines.fill('', 0, close + 1)
  }
  const out: PlainLine[] = []
  let fence = ''
  let header: string | undefined
  const html = new HtmlTable()
  const inlineTable: { header?: string } = {}
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!
    const next = lines[i + 1] ?? ''
    const fenced = FENCE.exec(raw)
    if (fenced && (!fence || fenced[1]!.startsWith(fence))) {
      fence = fence ? '' : fenced[1]!
      continue
    }
    if (fence) {
      out.push({ line: i, text: raw })
      continue
    }
    if (!raw.includes('|')) header = undefined
    const atx = ATX.exec(raw) ?? HTML_HEADING.exec(raw)
    if (atx) {
      const level = /^\d$/.test(atx[1]!) ? Number(atx[1]) : atx[1]!.length
      out.push({ line: i, text: stripInline(atx[2]!.replace(HEADING_ATTRIBUTES, '')), heading: level })
      continue
    }
    if (html.read(i, raw, out)) continue
    if (
      raw.trim() &&
      !LIST_MARK.test(raw) &&
      SETEXT_UNDERLINE.test(next) &&
      next.trim().length >= raw.trim().replace(HEADING_ATTRIBUTES, '').length
    ) {
      out.push({
        line: i,
        text: stripInline(raw.trim().replace(HEADING_ATTRIBUTES, '')),
        heading: rstLevel(next.trim()[0]!),
      })
      i++
      continue
    }
    // A footnote's text is a statement of its own; a link definition holds only an address.
    const footnote = FOOTNOTE.exec(raw)
    if (footnote) {
      out.push({ line: i, text: stripInline(footnote[1]!) })
      continue
    }
    const explicit = RST_EXPLICIT.exec(raw)
    if (explicit) {
      i = rstExplicit(lines, i, explicit[1]!.length, explicit[2] ?? '', out)
      continue
    }
    if (GRID_BORDER.test(raw)) {
      i = gridTable(lines, i, out)
      continue
    }
    if (raw.trim() && !raw.includes('|') && DASH_RULE.test(next)) {
      i = ruledTable(lines, i, out)
      continue
    }
    if (SIMPLE_BORDER.test(raw) && !SIMPLE_BORDER.test(lines[i - 1] ?? '')) {
      const end = simpleTable(lines, i, out)
      if (end > i) {
        i = end
        continue
      }
    }
    // Its title labels only the indented block under it, which a heading cannot say: the marker line goes, and the
    // block is a paragraph of its own.
    if (ADMONITION.test(raw)) {
      out.push({ line: i, text: '' })
      continue
    }
    const container = CONTAINER.exec(raw)
    if (container) {
      const title = (container[1] ?? container[2] ?? '').trim()
      if (title) out.push({ line: i, text: stripInline(title), subheading: true })
      continue
    }
    const field = FIELD.exec(raw)
    if (field) {
      out.push({ line: i, text: stripInline(field[2] ? `${field[1]}: ${field[2]}` : `${field[1]}:`) })
      continue
    }
    if (RULE.test(raw) || LINK_DEFINITION.test(raw) || MARKUP_LINE.test(raw)) continue
    if (raw.includes('|') && TABLE_RULE.test(next) && next.includes('-')) {
      header = cells(raw).join('\t')
      i++
      continue
    }
    if (header !== undefined && raw.includes('|')) {
      const row = cells(raw).join('\t')
      if (row) out.push({ line: i, text: row, context: header, block: true })
      continue
    }
    if (BOLD_LINE.test(raw)) {
      out.push({ line: i, text: stripInline(raw.trim()), subheading: true })
      continue
    }
    out.push(
      ...htmlLine(
        i,
        raw
          // reStructuredText's "::" ending a paragraph introduces a literal block: it reads as a colon.
          .replace(/(\S)::\s*$/, '$1:')
          .replace(/^\s*::\s*$/, '')
          .replace(/^\s{0,3}(?:>\s?)+/, '')
          .replace(LIST_MARK, listMark)
          .replace(LEADING_MARK, '$1')
          .replace(TASK_BOX, '$1'),
        inlineTable,
      ),
    )
  }
  return out
}

/**
 * A reStructuredText explicit markup block at line `i`, indented by `indent`, with `body` after its "..": a footnote
 * keeps its text; a prose directive (".. note::") keeps its argument and its content, its options go; anything else
 * (a link target, a substitution, an image, a code block, a table of contents, a comment) goes with its indented
 * block. Returns the last line it took.
 */
function rstExplicit(lines: string[], i: number, indent: number, body: string, out: PlainLine[]): number {
  const footnote = /^\[(?:#[\w-]*|\*|\d+|[\w-]+)\]\s+(.*)$/.exec(body)
  if (footnote) {
    out.push({ line: i, text: stripInline(footnote[1]!) })
    return i
  }
  const directive = /^([\w-]+(?::[\w-]+)?)::(?:\s+(.*))?$/.exec(body)
  if (directive && /^(?:list|csv)-table$/i.test(directive[1]!))
    return rstTableDirective(lines, i, indent, directive, out)
  if (directive && RST_PROSE.test(directive[1]!)) {
    if (directive[2]) out.push({ line: i, text: stripInline(directive[2]) })
    while (i + 1 < lines.length && RST_OPTION.test(lines[i + 1]!)) i++
    return i
  }
  return blockEnd(lines, i, indent)
}

/** The last line of the block after line `i` indented deeper than `indent` (blank lines in and after it included). */
function blockEnd(lines: string[], i: number, indent: number): number {
  const indentOf = (l: string) => l.length - l.trimStart().length
  let j = i + 1
  while (j < lines.length && (!lines[j]!.trim() || indentOf(lines[j]!) > indent)) j++
  return j - 1
}

/**
 * Rows of cells to plain lines: the caption and the first `headerRows` rows are the context of the others, which
 * become lines.
 */
function tableRows(rows: { line: number; cells: string[] }[], headerRows: number, out: PlainLine[], caption = '') {
  const line = (cells: string[]) =>
    cells
      .map((c) => stripInline(c.replace(/\s+/g, ' ').trim()))
      .filter(Boolean)
      .join('\t')
  // The caption ("Retention periods") says what the rows are about, as the header row does.
  const header = line([caption, ...rows.slice(0, headerRows).flatMap((r) => r.cells)])
  for (const r of rows.slice(headerRows)) {
    const text = line(r.cells)
    if (text) out.push({ line: r.line, text, block: true, ...(header ? { context: header } : {}) })
  }
}

/**
 * A reStructuredText grid table from its top border at line `i`: each row (which may span several source lines) one
 * line, cells apart by a tab, the rows above the "=" border its header. Returns the last line it took.
 */
function gridTable(lines: string[], i: number, out: PlainLine[]): number {
  const top = lines[i]!
  const columns = [...top.matchAll(/\+/g)].map((m) => m.index!)
  const rows: { line: number; cells: string[] }[] = []
  let row: { line: number; cells: string[] } | undefined
  let headerRows = 0
  let j = i + 1
  for (; j < lines.length; j++) {
    const l = lines[j]!
    if (GRID_BORDER.test(l)) {
      if (row) rows.push(row)
      row = undefined
      if (l.includes('=')) headerRows = rows.length
      continue
    }
    if (!/^\s*\|/.test(l)) break
    const aligned = columns.every((c) => l[c] === '|' || l[c] === '+')
    const parts = aligned
      ? columns.slice(0, -1).map((c, k) => l.slice(c + 1, columns[k + 1]))
      : l.trim().replace(/^\|/, '').replace(/\|$/, '').split('|')
    row ??= { line: j, cells: [] }
    parts.forEach((p, k) => (row!.cells[k] = `${row!.cells[k] ?? ''} ${p.trim()}`))
  }
  if (row) rows.push(row)
  tableRows(rows, headerRows, out)
  return j - 1
}

/**
 * A reStructuredText simple table from its top border at line `i` ("=====  ====="): the columns are the border's
 * runs of "="; a line whose first column is blank continues the row above it. With three borders, the rows between
 * the first two are the header. Returns the last line it took, or `i` when no table follows.
 */
function simpleTable(lines: string[], i: number, out: PlainLine[]): number {
  const border = lines[i]!
  const starts = [...border.matchAll(/=+/g)].map((m) => m.index!)
  const segments: { line: number; cells: string[] }[][] = [[]]
  let j = i + 1
  for (; j < lines.length; j++) {
    const l = lines[j]!
    if (SIMPLE_BORDER.test(l)) {
      const last = !lines[j + 1]?.trim() || segments.length === 2
      if (last) break
      segments.push([])
      continue
    }
    if (!l.trim()) continue
    if (/^\s*-+(?:\s+-+)*\s*$/.test(l)) continue
    const cells = starts.map((s, k) => l.slice(s, starts[k + 1]))
    const rows = segments[segments.length - 1]!
    const previous = rows[rows.length - 1]
    if (!cells[0]!.trim() && previous) cells.forEach((c, k) => (previous.cells[k] = `${previous.cells[k] ?? ''} ${c}`))
    else rows.push({ line: j, cells })
  }
  if (j >= lines.length) return i
  const header = segments.length === 2 ? segments[0]! : []
  tableRows([...header, ...segments[segments.length - 1]!], header.length, out)
  return j
}

/**
 * A plain-text table, as reports and command-line tools print one: a header row at line `i`, a rule of dashes under
 * it whose runs are the columns, and rows down to the first blank line; a row whose first column is blank continues
 * the row above it. Each row one line, cells apart by a tab, the header its context. Returns the last line it took.
 */
function ruledTable(lines: string[], i: number, out: PlainLine[]): number {
  const starts = [...lines[i + 1]!.matchAll(/-+/g)].map((m) => m.index!)
  const split = (l: string) => starts.map((s, k) => l.slice(k ? s : 0, starts[k + 1]))
  const rows = [{ line: i, cells: split(lines[i]!) }]
  let j = i + 2
  for (; j < lines.length && lines[j]!.trim(); j++) {
    const cells = split(lines[j]!)
    const previous = rows.length > 1 ? rows[rows.length - 1] : undefined
    if (!cells[0]!.trim() && previous) cells.forEach((c, k) => (previous.cells[k] = `${previous.cells[k] ?? ''} ${c}`))
    else rows.push({ line: j, cells })
  }
  tableRows(rows, 1, out)
  return j - 1
}

/**
 * A ".. list-table::" ("* - cell" rows) or ".. csv-table::" directive: each row one line, its caption and its
 * ":header-rows:" (or ":header:") their context. Returns the last line it took.
 */
function rstTableDirective(
  lines: string[],
  i: number,
  indent: number,
  directive: RegExpExecArray,
  out: PlainLine[],
): number {
  const end = blockEnd(lines, i, indent)
  const block = lines.slice(i + 1, end + 1)
  let headerRows = 0
  const rows: { line: number; cells: string[] }[] = []
  const csv = (l: string) =>
    [...l.matchAll(/\s*(?:"((?:[^"]|"")*)"|([^,]*))\s*(?:,|$)/g)]
      .filter((m) => m[0].length)
      .map((m) => (m[1] ?? m[2] ?? '').replace(/""/g, '"'))
  let body = false
  for (const [k, l] of block.entries()) {
    const line = i + 1 + k
    const option = /^\s+:([\w-]+):\s*(.*)$/.exec(l)
    if (!body && option) {
      if (option[1] === 'header-rows') headerRows = Number(option[2]) || 0
      if (option[1] === 'header') {
        rows.unshift({ line, cells: csv(option[2]!) })
        headerRows = 1
      }
      continue
    }
    if (!l.trim()) continue
    body = true
    if (directive[1]!.toLowerCase() === 'csv-table') {
      rows.push({ line, cells: csv(l.trim()) })
      continue
    }
    const item = /^\s*(\*\s+)?-\s+(.*)$/.exec(l)
    const row = rows[rows.length - 1]
    if (item && (item[1] || !row)) rows.push({ line, cells: [item[2]!] })
    else if (item) row!.cells.push(item[2]!)
    else if (row) row.cells[row.cells.length - 1] += ` ${l.trim()}`
  }
  tableRows(rows, headerRows, out, directive[2] ?? '')
  return end
}

/**
 * reStructuredText substitutions (".. |days| replace:: 90") put in place of their references ("kept |days| days");
 * an image's reference is dropped. Other text between bars (a Markdown table's cells) is left alone.
 */
function substitute(lines: string[]): string[] {
  const subs = new Map<string, string>()
  for (const l of lines) {
    const def = /^\s*\.\.\s+\|([^|]+)\|\s+([\w-]+)::\s*(.*)$/.exec(l)
    if (def) subs.set(def[1]!, def[2] === 'replace' ? def[3]!.trim() : '')
  }
  if (!subs.size) return lines
  return lines.map((l) =>
    /^\s*\.\./.test(l)
      ? l
      : l.replace(/\|([^|\s][^|]*?)\|_{0,2}(\s?)/g, (all, name: string, space: string) => {
          const text = subs.get(name)
          return text === undefined ? all : text ? text + space : ''
        }),
  )
}

/**
 * An HTML table written a cell per line (as Markdown files often hold them): each row one line, cells apart by a
 * tab; a row of header cells (th) is the context of the rows after it.
 */
class HtmlTable {
  private row: PlainLine | undefined
  private headerRow = false
  private header: string | undefined

  /** Takes the line when it is part of an HTML table's structure; false for any other line. */
  read(line: number, raw: string, out: PlainLine[]): boolean {
    const t = raw.trim()
    if (/^<\/?table\b[^>]*>$/i.test(t)) {
      this.header = undefined
      this.row = undefined
      return true
    }
    if (/^<\/?(?:thead|tbody|tfoot)\b[^>]*>$/i.test(t)) return true
    if (/^<tr\b[^>]*>$/i.test(t)) {
      this.row = undefined
      return true
    }
    if (/^<\/tr>$/i.test(t)) {
      if (this.row && this.headerRow) {
        this.header = this.row.text
        out.splice(out.indexOf(this.row), 1)
      }
      this.row = undefined
      return true
    }
    const cell = /^<t([dh])\b[^>]*>(.*?)(?:<\/t[dh]>)?$/i.exec(t)
    if (!cell) return false
    const text = stripInline(cell[2]!).trim()
    if (this.row) this.row.text += `\t${text}`
    else {
      this.headerRow = cell[1]!.toLowerCase() === 'h'
      this.row = { line, text, block: true, ...(this.header ? { context: this.header } : {}) }
      out.push(this.row)
    }
    return true
  }
}

const listMark = (_: string, indent: string, number?: string) => `${indent}${number ? `${number} ` : '• '}`

/** A line that may hold HTML blocks: each block its own line, table cells apart by a tab, list items marked. */
function htmlLine(line: number, raw: string, table: { header?: string }): PlainLine[] {
  if (!/<[a-z/]/i.test(raw)) return [{ line, text: stripInline(raw) }]
  // A row of header cells only ("<tr><th>Area</th><th>Practice</th></tr>") says what the rows after it, to the
  // table's end, are about.
  const out: PlainLine[] = []
  for (const [r, row] of raw.split(/(?=<tr\b|<table\b)/i).entries()) {
    if (/^<table\b/i.test(row)) table.header = undefined
    const parts = row
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/(?:\s*<\/?t[dh]\b[^>]*>\s*)+/gi, '\t')
      .replace(BLOCK_TAG, '\n')
      .split('\n')
      .map((p, k) => ({ line, text: stripInline(p).replace(/^\t+|\t+$/g, ''), block: r > 0 || k > 0 }))
      // The line's first part stays, empty or not: it ends the paragraph before a block.
      .filter((p, k) => (r === 0 && k === 0) || p.text.trim())
    const header = table.header
    if (/<\/table>/i.test(row)) table.header = undefined
    if (/<th\b/i.test(row) && !/<td\b/i.test(row)) {
      table.header = parts.map((p) => p.text).join('\t')
      continue
    }
    out.push(...parts.map((p) => (header && /<td\b/i.test(row) ? { ...p, context: header } : p)))
  }
  return out.length ? out : [{ line, text: '' }]
}

const RST_LEVELS = ['=', '-', '~', '^', '"']
function rstLevel(ch: string): number {
  const i = RST_LEVELS.indexOf(ch)
  return i === -1 ? 3 : i + 1
}

/**
 * npm run bench:language: how much of the engine's English is hand-written (regex literals, concept spellings, word
 * lists) and what the language resources cost to load. Prints a Markdown table (docs/benchmarks.md keeps the figures).
 *   tsx bench/language.ts [folder holding app/]   (default: this checkout)
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import ts from 'typescript'

/** The engine's language knowledge: retrieval and the offline engine's reading of questions and sentences. */
const FOLDERS = ['app/answering/retrieval', 'app/answering/offline']

export interface LanguageCounts {
  files: number
  regexLiterals: number
  /** Regex literals that spell English (a word or ending of two letters or more): the rest are text mechanics. */
  wordRegexes: number
  concepts: number
  spellings: number
  wordLists: number
  listWords: number
  /** Word tables: object literals from three words or more to a value ("daily" -> a day, "three" -> 3). */
  wordTables: number
  tableWords: number
  /** RegExps built from strings (new RegExp): their words are spelled in the strings or lists they are built from. */
  builtRegexes: number
  /** Built RegExps whose source strings (and the constant strings they interpolate) spell English. */
  builtWordRegexes: number
  handStemmerLines: number
}

/** Counts over the source text: regex literals, CONCEPTS' spellings, and word lists (sets of words written out). */
export function countLanguage(root: string): LanguageCounts {
  const out: LanguageCounts = {
    files: 0,
    regexLiterals: 0,
    wordRegexes: 0,
    concepts: 0,
    spellings: 0,
    wordLists: 0,
    listWords: 0,
    wordTables: 0,
    tableWords: 0,
    builtRegexes: 0,
    builtWordRegexes: 0,
    handStemmerLines: 0,
  }
  for (const folder of FOLDERS) {
    for (const name of readdirSync(path.join(root, folder))) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue
      const text = readFileSync(path.join(root, folder, name), 'utf8')
      if (name === 'stem.ts' && /function porter\(/.test(text)) out.handStemmerLines = text.split('\n').length
      out.files++
      const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true)
      visit(source, out, constantStrings(source))
    }
  }
  return out
}

/** A file's constants with a string or template initializer, by name: the pieces its RegExps are built from. */
function constantStrings(source: ts.SourceFile): Map<string, ts.Expression> {
  const found = new Map<string, ts.Expression>()
  const look = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer
      if (ts.isStringLiteralLike(init) || ts.isTemplateExpression(init)) found.set(node.name.text, init)
    }
    ts.forEachChild(node, look)
  }
  look(source)
  return found
}

/** The literal text of a string or template, and of the constant strings it interpolates ("${ROLES}"). */
function sourcePieces(node: ts.Expression, constants: Map<string, ts.Expression>, seen = new Set<string>()): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text]
  if (ts.isIdentifier(node)) {
    const init = constants.get(node.text)
    if (!init || seen.has(node.text)) return []
    seen.add(node.text)
    return sourcePieces(init, constants, seen)
  }
  if (ts.isTemplateExpression(node))
    return [
      node.head.text,
      ...node.templateSpans.flatMap((span) => [span.literal.text, ...sourcePieces(span.expression, constants, seen)]),
    ]
  return []
}

function visit(node: ts.Node, out: LanguageCounts, constants: Map<string, ts.Expression>): void {
  if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
    out.regexLiterals++
    if (spellsWords(node.getText())) out.wordRegexes++
  }
  if (ts.isVariableDeclaration(node) && node.name.getText() === 'CONCEPTS' && node.initializer) {
    const object = node.initializer
    if (ts.isObjectLiteralExpression(object))
      for (const p of object.properties) {
        out.concepts++
        if (ts.isPropertyAssignment(p) && ts.isArrayLiteralExpression(p.initializer))
          out.spellings += p.initializer.elements.length
      }
  }
  // new Set(`a b c`.split(/\s+/)), new Set(wordList(`a b c`)), new Set('a b'.split(' ').map(stem)) or
  // new Set(['a', 'b']): a word list; so is a
  // constant array of three strings or more (["jan", "feb", ...]).
  const listed = (arg: ts.Expression): number | undefined => {
    while (ts.isCallExpression(arg) && ts.isPropertyAccessExpression(arg.expression)) {
      const target = arg.expression.expression
      if (
        arg.expression.name.text === 'split' &&
        (ts.isNoSubstitutionTemplateLiteral(target) || ts.isStringLiteral(target))
      )
        return target.text.trim().split(/\s+/).length
      arg = target
    }
    // wordList(`a b c`) (app/answering/retrieval/text.ts): the same list, split in one place.
    if (
      ts.isCallExpression(arg) &&
      arg.expression.getText() === 'wordList' &&
      arg.arguments.length === 1 &&
      (ts.isNoSubstitutionTemplateLiteral(arg.arguments[0]!) || ts.isStringLiteral(arg.arguments[0]!))
    )
      return (arg.arguments[0] as ts.StringLiteralLike).text.trim().split(/\s+/).length
    if (ts.isArrayLiteralExpression(arg) && arg.elements.length && arg.elements.every((e) => ts.isStringLiteral(e)))
      return arg.elements.length
    return undefined
  }
  if (ts.isNewExpression(node) && node.expression.getText() === 'Set' && node.arguments?.length === 1) {
    const n = listed(node.arguments[0]!)
    if (n !== undefined) {
      out.wordLists++
      out.listWords += n
    }
  }
  if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
    const n = listed(node.initializer)
    if (n !== undefined && n >= 3) {
      out.wordLists++
      out.listWords += n
    }
  }
  // const FREQUENCY = { daily: 1440, weekly: 10080, ... }: words, each with the number or word it stands for.
  if (
    ts.isObjectLiteralExpression(node) &&
    ts.isVariableDeclaration(node.parent) &&
    node.parent.name.getText() !== 'CONCEPTS' &&
    node.properties.length >= 3
  ) {
    const entries = node.properties.map((p) =>
      ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
        ? { name: p.name.text, initializer: p.initializer }
        : undefined,
    )
    const value = (v: ts.Expression): boolean =>
      ts.isNumericLiteral(v) ||
      ts.isStringLiteral(v) ||
      ts.isPropertyAccessExpression(v) ||
      (ts.isNonNullExpression(v) && value(v.expression)) ||
      (ts.isParenthesizedExpression(v) && value(v.expression)) ||
      (ts.isBinaryExpression(v) && value(v.left) && value(v.right))
    if (entries.every((e) => e && /^[a-z0-9][a-z0-9' -]*$/i.test(e.name) && value(e.initializer))) {
      out.wordTables++
      out.tableWords += entries.length
    }
  }
  if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') {
    out.builtRegexes++
    const pieces = node.arguments?.[0] ? sourcePieces(node.arguments[0], constants) : []
    if (pieces.some((piece) => spellsWords(`/${piece}/`))) out.builtWordRegexes++
  }
  ts.forEachChild(node, (child) => visit(child, out, constants))
}

/**
 * Whether a regex literal spells English: two letters or more in a row once escapes (\\s, \\b), character classes
 * and the flags are set aside. "/\\s+/", "/^[a-z]+$/" and "/s$/" are text mechanics; "/ing$/" and "/\\bplans?\\b/i" spell words.
 */
export function spellsWords(literal: string): boolean {
  const source = literal.slice(1, literal.lastIndexOf('/'))
  return /[a-z]{2,}/i.test(source.replace(/\\./g, ' ').replace(/\[(?:\\.|[^\]])*\]/g, ' '))
}

/** Wall time of a fresh process, in ms. */
function timed(args: string[]): number {
  const started = performance.now()
  execFileSync(process.execPath, args, { stdio: 'ignore' })
  return performance.now() - started
}

async function main() {
  const root = process.argv[2] ?? process.cwd()
  const c = countLanguage(root)
  console.log(`# Language knowledge of the offline engine (${path.resolve(root)})\n`)
  console.log('| measure | count |\n| --- | --- |')
  console.log(`| source files read (${FOLDERS.join(', ')}) | ${c.files} |`)
  console.log(`| regex literals | ${c.regexLiterals} |`)
  console.log(`| of which spell English words (the rest: white space, character classes) | ${c.wordRegexes} |`)
  console.log(`| concepts / spellings | ${c.concepts} / ${c.spellings} |`)
  console.log(`| word lists / words | ${c.wordLists} / ${c.listWords} |`)
  console.log(
    `| word tables / words (a word to what it stands for: "daily" -> a day) | ${c.wordTables} / ${c.tableWords} |`,
  )
  console.log(
    `| regexes built from strings (new RegExp); of which spell English (in their strings or the constants they join) | ${c.builtRegexes}; ${c.builtWordRegexes} |`,
  )
  console.log(`| hand-written stemmer (lines) | ${c.handStemmerLines || 'none (stemmer package)'} |`)
  if (process.argv[2]) return
  const { tagWords } = await import('../app/answering/retrieval/grammar')
  const { vectorLoadMs, wordVectors } = await import('../app/answering/retrieval/paraphrase.server')
  let started = performance.now()
  tagWords('Are backups encrypted?')
  const wink = performance.now() - started
  started = performance.now()
  const header = wordVectors().header
  const file = readFileSync(path.join(root, 'app/answering/retrieval/data/word-vectors.bin')).length
  console.log('\n# Language resources: load time (first use, in this process)\n')
  console.log('| resource | load |\n| --- | --- |')
  console.log(`| wink-nlp + wink-eng-lite-web-model (first tagging) | ${wink.toFixed(0)} ms |`)
  console.log(
    `| word vectors (${header.count} stems x ${header.dims}, int8, ${(file / 1024 / 1024).toFixed(1)} MB) | ${vectorLoadMs().toFixed(0)} ms (${(performance.now() - started).toFixed(0)} ms with the call) |`,
  )
  // The resources load on first use: start-up is the CLI's own (tsx compiling the modules), resources excluded.
  const help = timed(['bin/qfill.js', 'answer', '--help'])
  // A whole run on the smallest input: two questions, one policy line, every file written (workbook, PDF, JSON).
  const tiny = mkdtempSync(path.join(tmpdir(), 'qfill-startup-'))
  writeFileSync(
    path.join(tiny, 'q.csv'),
    'ID,Question,Answer\n1,Is data encrypted at rest?,\n2,Do administrators use MFA?,\n',
  )
  writeFileSync(path.join(tiny, 'policy.txt'), 'Customer data is encrypted at rest with AES-256.\n')
  const run = timed([
    'bin/qfill.js',
    'answer',
    path.join(tiny, 'q.csv'),
    '-e',
    path.join(tiny, 'policy.txt'),
    '-o',
    tiny,
    '-q',
  ])
  rmSync(tiny, { recursive: true, force: true })
  const load = cpus().length ? loadavg()[0]!.toFixed(1) : '?'
  console.log(`\n# Start-up (fresh process, wall time, load average ${load} on ${cpus().length} cores)\n`)
  console.log('| what | time |\n| --- | --- |')
  console.log(
    `| \`qfill answer --help\` (start-up; no language resource is read before the first question) | ${help.toFixed(0)} ms |`,
  )
  console.log(
    `| \`qfill answer\` on 2 questions and a one-line policy, start to exit (language resources, workbook, PDF and JSON written) | ${run.toFixed(0)} ms |`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

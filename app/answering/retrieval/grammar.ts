import { createRequire } from 'node:module'
import type { WinkMethods } from 'wink-nlp'
import { isAcronym } from './stem'
import { inCapitals, isPlainWord } from './text'

/**
 * English grammar from wink-nlp and its English model (wink-eng-lite-web-model): part-of-speech tags, negation
 * scope and sentence boundaries. The model (3 MB) is read on first use, never at start-up.
 */
export interface Word {
  /** The word as written; hyphenated words ("hard-coded") are one word. */
  text: string
  lower: string
  /** Universal POS tag (NOUN, VERB, ADJ, ADP, AUX, DET, PRON, CCONJ, PUNCT ...). */
  pos: string
  /** The dictionary form the model reads ("does" → "do", "is" → "be"), lower case. */
  lemma: string
  /** Inside the scope of a negation ("not", "never", "n't"). */
  negated: boolean
}

/**
 * The ending a word's form shows, of those the grammar reads: "-ing" (a gerund or present participle), "-ed" and
 * "-en" (past participles: "reviewed", "written"), "-ly" (an adverb of manner). Spelled here once.
 */
export function ending(word: string): 'ing' | 'ed' | 'en' | 'ly' | undefined {
  return /(ing|ed|en|ly)$/.exec(word)?.[1] as 'ing' | 'ed' | 'en' | 'ly' | undefined
}

/** A verb form in -ing ("onboarding", "governing"): between nouns, often a noun itself. */
export const gerund = (w: Word | undefined): boolean => w?.pos === 'VERB' && ending(w.lower) === 'ing'

let nlp: WinkMethods | undefined

function parser(): WinkMethods {
  if (!nlp) {
    const require = createRequire(import.meta.url)
    const winkNLP = require('wink-nlp') as typeof import('wink-nlp').default
    nlp = winkNLP(require('wink-eng-lite-web-model'), ['sbd', 'pos', 'negation'])
  }
  return nlp
}

/** "hard-coded", "host/support": joined with no space around, one word (tagged as its last part). */
const JOINERS = new Set(['-', '/'])

/** Tags a text's words; a hyphen or slash with no space around it joins its neighbours into one word. */
export function tagWords(text: string): Word[] {
  const its = parser().its
  const words: Word[] = []
  let glue = false
  const mixedCase = !inCapitals(text)
  // Each property of all tokens at once: far fewer calls into the model than asking token by token.
  // A line break inside a sentence (a cell's or a PDF's wrapped line) is a space: the model reads it as a token of
  // its own, which splits the phrase around it and changes the tags ("scheduled\nupdate release": "update" a verb).
  const tokens = parser().readDoc(text.replace(/\s+/g, ' ')).tokens()
  const values = tokens.out(its.value) as string[]
  const spaces = tokens.out(its.precedingSpaces) as string[]
  const tags = tokens.out(its.pos) as string[]
  const negations = tokens.out(its.negationFlag) as unknown as boolean[]
  // its.lemma reads the model's add-ons; its type names them but tokens.out does not accept it.
  const lemmas = tokens.out(its.lemma as unknown as typeof its.value) as string[]
  let skip = 0
  values.forEach((value, k) => {
    if (skip > 0) return void skip--
    const spaced = spaces[k] !== ''
    const last = words.at(-1)
    // "procedure(s)", "list(s)": a plural mark glued to its word, no word of its own.
    if (last && !spaced && value === '(' && values[k + 1]?.toLowerCase() === 's' && values[k + 2] === ')') {
      skip = 2
      return
    }
    if (last && !spaced && (glue || (JOINERS.has(value) && last.pos !== 'PUNCT'))) {
      last.text += value
      last.lower = last.text.toLowerCase()
      // "sign-on", "opt-in", "follow-up": a word ending in a particle is a noun, not a preposition.
      if (!JOINERS.has(value))
        [last.pos, last.lemma] = [['ADP', 'PART', 'ADV'].includes(tags[k]!) ? 'NOUN' : tags[k]!, last.lower]
      glue = JOINERS.has(value)
      return
    }
    glue = false
    // A word in capitals after the first is an acronym ("IT governance"), whatever else it could be.
    const acronym = words.length > 0 && mixedCase && isAcronym(value)
    words.push({
      text: value,
      lower: value.toLowerCase(),
      pos: acronym ? 'PROPN' : tags[k]!,
      lemma: lemmas[k]!.toLowerCase(),
      negated: Boolean(negations[k]),
    })
  })
  // "the next scheduled update release": a determiner opens a noun phrase, and a verb's base form inside one (after
  // its adverbs, adjectives and participles) is a noun. Right after the determiner it is a verb ("Do these include
  // ...?": the determiner stands for a noun).
  words.forEach((w, k) => {
    if (w.pos !== 'VERB' || w.lemma !== w.lower || ending(w.lower)) return
    let j = k - 1
    while (
      j >= 0 &&
      (['ADV', 'ADJ'].includes(words[j]!.pos) || (words[j]!.pos === 'VERB' && ending(words[j]!.lower) === 'ed'))
    )
      j--
    if (j >= 0 && j < k - 1 && words[j]!.pos === 'DET' && words[j]!.lower !== 'that') w.pos = 'NOUN'
  })
  // "the smart-lock integrations": a hyphenated word tagged as a verb (its last part's tag) between a determiner or a
  // preposition and a noun names a kind of the noun.
  words.forEach((w, k) => {
    if (w.pos !== 'VERB' || !w.lower.includes('-') || ending(w.lower)) return
    if (['DET', 'ADP'].includes(words[k - 1]?.pos ?? '') && ['NOUN', 'PROPN'].includes(words[k + 1]?.pos ?? ''))
      w.pos = 'ADJ'
  })
  doQuestionVerb(words)
  coordinatedVerbs(words)
  return words
}

/**
 * "shall monitor, review, and audit supplier delivery", "Review, test and design response plans": words a list joins
 * to a verb, before the object they share, are verbs too, however the model read them ("review" and "audit" as
 * nouns, "audit supplier delivery" one compound). The list's first word is a verb as tagged, or the sentence's first
 * word where it reads as one (an instruction).
 */
function coordinatedVerbs(words: Word[]): void {
  const plain = (w: Word | undefined) =>
    w !== undefined && ['NOUN', 'PROPN', 'ADJ', 'VERB'].includes(w.pos) && w.lemma === w.lower && !w.lower.includes('-')
  for (let k = 0; k < words.length; k++) {
    const first = words[k]!
    // A list opens with a comma after its first word; only then is the model asked whether that word is a verb.
    if (words[k + 1]?.text !== ',') continue
    const verb = first.pos === 'VERB' || (k === 0 && plain(first) && readsAsVerb([], { ...first, text: first.lower }))
    if (!verb) continue
    // The members: single words after commas, the last after "and"/"or", the object after it.
    const members: Word[] = []
    let j = k + 1
    while (words[j]?.text === ',' || words[j]?.pos === 'CCONJ') {
      while (words[j]?.text === ',' || words[j]?.pos === 'CCONJ') j++
      if (!plain(words[j])) break
      members.push(words[j]!)
      j++
    }
    const last = words[j - 1]
    const joined = members.length > 0 && words[j - 2]?.pos === 'CCONJ' && last === members.at(-1)
    const object = words[j]
    if (!joined || !object || !['NOUN', 'PROPN', 'ADJ', 'DET'].includes(object.pos)) continue
    // An instruction's verbs are its only ones: "Root, service, and admin accounts may use ..." lists nouns.
    if (k === 0 && first.pos !== 'VERB' && words.slice(j).some((w) => w.pos === 'VERB' || w.pos === 'AUX')) continue
    if (k === 0) first.pos = 'VERB'
    for (const m of members) m.pos = 'VERB'
    k = j - 1
  }
}

/**
 * Whether a word reads as a verb after the words before it and a modal ("the kiosk app will support"): what the model
 * makes of a word that could be a noun or a verb, asked in the one place a verb must come.
 */
export function readsAsVerb(before: Word[], word: Word): boolean {
  const text = `${before.map((w) => w.text).join(' ')} will ${word.text.split('/')[0]}`
  return tagWords(text).at(-1)?.pos === 'VERB'
}

/**
 * "Does the kiosk app support badge readers?": after "do" the subject comes first and its verb next, but with the
 * question's word order the model often reads the verb as one more noun of the subject ("app support"). Where the
 * clause after "Do/Does/Did" has no verb, the first later word of the subject that reads as a verb after a modal
 * (readsAsVerb) is one.
 */
function doQuestionVerb(words: Word[]): void {
  if (words[0]?.lemma !== 'do' || words[0].pos !== 'AUX') return
  const end = words.findIndex((w, k) => k > 0 && /^[?,;:]$/.test(w.text))
  const clause = words.slice(1, end < 0 ? words.length : end)
  if (clause.some((w) => w.pos === 'VERB' || w.pos === 'AUX')) return
  // The subject: a pronoun of its own ("you", not the "your" of "your app"), or a phrase with a noun in it.
  const pronoun = clause[0]?.pos === 'PRON' && !['NOUN', 'PROPN', 'ADJ'].includes(clause[1]?.pos ?? '')
  const first = pronoun ? 0 : clause.findIndex(noun)
  if (first < 0) return
  const verb = clause.find(
    (w, k) =>
      k > first &&
      ['NOUN', 'ADJ'].includes(w.pos) &&
      w.lemma === w.lower &&
      !w.lower.includes('-') &&
      readsAsVerb(clause.slice(0, k), w),
  )
  if (verb) verb.pos = 'VERB'
}

/** Sentences as the model splits them. */
export function sentencesOf(text: string): string[] {
  return parser().readDoc(text).sentences().out()
}

/**
 * Contractions written out as the model's tokenizer reads them: "aren't" → "are not", "won't" → "will not",
 * "mustn’t" → "must not" (curly apostrophes too). The rest of the text is left as it is.
 */
export function expandContractions(text: string): string {
  if (!text.includes('n’t') && !text.includes("n't") && !text.includes('N’T') && !text.includes("N'T")) return text
  const its = parser().its
  const tokens = parser().readDoc(text).tokens()
  const values = tokens.out(its.value) as string[]
  const normals = tokens.out(its.normal) as string[]
  const spaces = tokens.out(its.precedingSpaces) as string[]
  const negation = (k: number) => normals[k] === 'not' && values[k]!.toLowerCase() !== 'not'
  return values
    .map((value, k) => {
      if (negation(k)) return ` ${normals[k]}`
      if (negation(k + 1)) return `${spaces[k]}${normals[k]}`
      return `${spaces[k]}${value}`
    })
    .join('')
}

/** A noun or a proper noun, as tagged. */
export const noun = (w: Word | undefined): boolean => w !== undefined && (w.pos === 'NOUN' || w.pos === 'PROPN')

/**
 * The noun compounds of a tagged text: runs of adjectives and nouns (a hyphenated word is one word, whatever its tag)
 * that end in a noun, the head, of two words or more ("third-party kiosk audit": head "audit"). A run's trailing
 * adjectives are left out; a single noun is no compound.
 */
export function nounCompounds(words: Word[]): Word[][] {
  const out: Word[][] = []
  let run: Word[] = []
  const close = () => {
    while (run.length && !noun(run.at(-1)!)) run.pop()
    if (run.length > 1) out.push(run)
    run = []
  }
  for (const w of words) {
    if (noun(w) || w.pos === 'ADJ' || (w.lower.includes('-') && isPlainWord(w.lower.split('-')[0]!))) run.push(w)
    else close()
  }
  close()
  return out
}

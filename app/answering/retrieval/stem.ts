/**
 * The Porter stemmer (M. F. Porter, 1980), so "scanned", "scans" and "scanning" meet at "scan" and "stored",
 * "storing" and "stores" at "store". A light suffix strip missed doubled consonants and -age/-ance/-ive forms.
 */
const VOWEL = /[aeiou]/

function isConsonant(w: string, i: number): boolean {
  const c = w[i]!
  if ('aeiou'.includes(c)) return false
  if (c === 'y') return i === 0 || !isConsonant(w, i - 1)
  return true
}

/** m: the number of vowel-consonant sequences in the stem. */
function measure(stem: string): number {
  let m = 0
  let i = 0
  const n = stem.length
  while (i < n && isConsonant(stem, i)) i++
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++
    if (i >= n) break
    m++
    while (i < n && isConsonant(stem, i)) i++
  }
  return m
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true
  return false
}

function doubleConsonant(w: string): boolean {
  const n = w.length
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1)
}

/** consonant-vowel-consonant ending, the last not w, x or y ("hop", not "snow"). */
function cvc(w: string): boolean {
  const n = w.length
  if (n < 3) return false
  return isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !'wxy'.includes(w[n - 1]!)
}

function replaceIf(w: string, suffixes: [string, string][], minM: number): string {
  for (const [suffix, by] of suffixes) {
    if (!w.endsWith(suffix)) continue
    const stem = w.slice(0, -suffix.length)
    return measure(stem) > minM ? stem + by : w
  }
  return w
}

const STEP2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
]
const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
]
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
]

export function porter(word: string): string {
  let w = word
  if (w.length <= 2 || !VOWEL.test(w)) return w
  // Step 1a
  if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('ies')) w = w.slice(0, -2)
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1)
  // Step 1b
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1)
  } else {
    const m = /(ed|ing)$/.exec(w)
    if (m && hasVowel(w.slice(0, -m[1]!.length))) {
      w = w.slice(0, -m[1]!.length)
      if (/(at|bl|iz)$/.test(w)) w += 'e'
      else if (doubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1)
      else if (measure(w) === 1 && cvc(w)) w += 'e'
    }
  }
  // Step 1c
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`
  w = replaceIf(w, STEP2.filter(([s]) => w.endsWith(s)).slice(0, 1), 0)
  w = replaceIf(w, STEP3.filter(([s]) => w.endsWith(s)).slice(0, 1), 0)
  // Step 4: the longest matching suffix only.
  const s4 = STEP4.filter((s) => w.endsWith(s)).sort((a, b) => b.length - a.length)[0]
  if (s4) {
    const stem = w.slice(0, -s4.length)
    if (measure(stem) > 1 && (s4 !== 'ion' || /[st]$/.test(stem))) w = stem
  }
  // Step 5
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1)
    const m = measure(stem)
    if (m > 1 || (m === 1 && !cvc(stem))) w = stem
  }
  if (measure(w) > 1 && doubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1)
  return w
}

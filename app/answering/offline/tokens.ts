const STOP = new Set(
  `a an and are as at be been being but by can could did do does for from had has have how i if in into is it its
  of on or our should such that the their them then there these they this to was we were what when where which
  who will with would you your yes no please describe provide explain any all other than not may must shall
  vendor vendors institution institutions company organization organisation product service services`.split(/\s+/),
)

/** Lower-cased content words with a light suffix strip, so "encrypted" and "encryption" meet at "encrypt". */
export function terms(text: string): string[] {
  return (text.toLowerCase().normalize('NFKD').match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 1 && !STOP.has(w)).map(stem)
}

export function stem(word: string): string {
  if (word.length <= 4) return word
  return word.replace(/(?:ations?|ion|ions|ing|ed|es|s|ly|ment|ments)$/, '') || word
}

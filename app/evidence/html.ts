/**
 * A web page saved as HTML (a trust centre, a security overview) read as the text the page itself says: what a browser
 * draws around it goes, with what it holds (the document head, scripts and styles, navigation, the footer, forms,
 * embedded frames and drawings, and a cookie or consent banner), and the rest is read as Markdown with HTML in it
 * (markup.ts), headings and tables included. Removed spans keep their line breaks, so locations still point into the
 * uploaded file.
 */

/** Elements whose content is the site's frame or machinery, not the page's text. */
const FRAME = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'nav', 'footer', 'form', 'iframe'])
/** Elements that hold no content and have no closing tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr'])
/** A banner asking for consent, by its id or class ("cookie-banner", "consent"): the site's, on every page alike. */
const BANNER = /(?:^|[\s_-])(?:cookies?|consent)(?:$|[\s_-])/i
const TAG = /<(\/?)([a-z][a-z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi
const NAMES = /\b(?:id|class)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi

/** The text with its line breaks only: what a removed span leaves. */
const breaks = (text: string) => text.replace(/[^\n]/g, '')

/** Whether an opening tag's id or class names a consent banner. */
function isBanner(attributes: string): boolean {
  for (const m of attributes.matchAll(NAMES)) if (BANNER.test(m[1] ?? m[2] ?? m[3] ?? '')) return true
  return false
}

/** The page's own text as HTML: the frame's elements and comments removed, every line break kept. */
export function pageText(html: string): string {
  const text = html.replace(/<!doctype[^>]*>/gi, breaks).replace(/<!--[\s\S]*?(?:-->|$)/g, breaks)
  let out = ''
  let from = 0
  // The element being removed: its name, where it opened and how deep the same name nests inside it.
  let open: { name: string; at: number; depth: number } | undefined
  for (const m of text.matchAll(TAG)) {
    const [tag, closing, raw, attributes] = m as unknown as [string, string, string, string]
    const name = raw.toLowerCase()
    const selfClosing = VOID.has(name) || attributes.trimEnd().endsWith('/')
    if (open) {
      if (name !== open.name || selfClosing) continue
      open.depth += closing ? -1 : 1
      if (open.depth > 0) continue
      const removed = text.slice(open.at, m.index + tag.length)
      out += open.name === 'footer' ? footnotesOf(removed) : breaks(removed)
      from = m.index + tag.length
      open = undefined
      continue
    }
    if (closing || selfClosing || !(FRAME.has(name) || isBanner(attributes))) continue
    out += text.slice(from, m.index)
    open = { name, at: m.index, depth: 1 }
  }
  // An element never closed runs to the end of the page, as a browser reads it.
  return superscripts(out + (open ? breaks(text.slice(open.at)) : text.slice(from)))
}

/**
 * A footer's footnotes, in place, the rest of it as line breaks: "<p id="fn1"><sup>1</sup> Starter plans keep 7
 * days.</p>" at the foot of a page says what the mark in its text limits, where the site's copyright line says nothing.
 * A footnote: a paragraph or list item whose id names a note ("fn1", "footnote-2") or that opens with a superscript.
 */
function footnotesOf(footer: string): string {
  let out = ''
  let from = 0
  for (const m of footer.matchAll(FOOTNOTE)) {
    out += breaks(footer.slice(from, m.index)) + m[0]
    from = m.index + m[0].length
  }
  return out + breaks(footer.slice(from))
}
const FOOTNOTE = /<(p|li)\b(?=[^>]*\bid\s*=\s*["']?(?:fn|footnote)[\w-]*|[^>]*>\s*<sup\b)[^>]*>[\s\S]*?<\/\1\s*>/gi

/**
 * A note mark written as a superscript figure ("35 days.<sup><a href="#fn1">1</a></sup>", "<sup>1</sup> Starter
 * plans ...") as the superscript character it shows ("¹"): a plain figure would run into the text beside it ("days.1
 * Our ...") and read as a number.
 */
function superscripts(html: string): string {
  return html.replace(/<sup\b[^>]*>\s*(?:<a\b[^>]*>\s*)?(\d{1,2})\s*(?:<\/a>\s*)?<\/sup>/gi, (_, n: string) =>
    [...n].map((d) => SUPERSCRIPT[Number(d)]).join(''),
  )
}
const SUPERSCRIPT = ['\u2070', '\u00b9', '\u00b2', '\u00b3', '\u2074', '\u2075', '\u2076', '\u2077', '\u2078', '\u2079']

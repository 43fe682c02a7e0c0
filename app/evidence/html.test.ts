import { describe, expect, it } from 'vitest'
import { extractEvidence } from './extract.server'
import { pageText } from './html'

// An invented kiosk vendor's security page, saved from a browser.
const PAGE = [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<head>',
  '  <meta charset="utf-8">',
  '  <title>Security | Kiosk Ledger Co</title>',
  '  <style>body { font-family: sans-serif; }</style>',
  '</head>',
  '<body>',
  '<div id="cookie-banner" class="banner">',
  '  <p>We use cookies to keep you signed in. <button>Accept</button></p>',
  '</div>',
  '<nav><ul><li><a href="/">Home</a></li><li><a href="/pricing">Pricing</a></li></ul></nav>',
  '<main>',
  '<h1>Security at Kiosk Ledger Co</h1>',
  '<!-- the next section is new -->',
  '<h2>Encryption</h2>',
  '<p>Kiosk ledgers are encrypted at rest with AES-256.</p>',
  '<div class="card"><div class="inner"><p>Tills connect over TLS 1.2 or higher.</p></div></div>',
  '<h2>Availability</h2>',
  '<table><tr><th>Service</th><th>Uptime</th></tr><tr><td>Kiosk portal</td><td>99.9%</td></tr></table>',
  '</main>',
  '<script>window.track("page");</script>',
  '<footer><p>&copy; 2026 Kiosk Ledger Co. <a href="/privacy">Privacy</a></p></footer>',
  '</body>',
  '</html>',
].join('\n')

describe('pageText', () => {
  it("keeps a footer's footnotes in place and drops the rest of it", () => {
    const page = [
      '<main><p>Ledgers are kept for 35 days.<sup>1</sup></p></main>',
      '<footer>',
      '<p id="fn1"><sup>1</sup> Airport kiosks keep 7 days.</p>',
      '<li><sup>2</sup> Tills are counted twice.</li>',
      '<p>&copy; 2026 Kiosk Ledger Co. <a href="/privacy">Privacy</a></p>',
      '</footer>',
    ].join('\n')
    const text = pageText(page)
    expect(text).toContain('<p id="fn1">\u00b9 Airport kiosks keep 7 days.</p>')
    expect(text).toContain('<li>\u00b2 Tills are counted twice.</li>')
    expect(text).not.toContain('2026 Kiosk Ledger Co.')
    expect(text.split('\n')).toHaveLength(page.split('\n').length)
  })

  it('writes a superscript figure as the superscript it shows, so a note mark stays a mark', () => {
    const text = pageText(
      '<p>Ledgers are kept for 35 days.<sup><a href="#fn1">1</a></sup> Tills are locked.</p>\n<p id="fn1"><sup>1</sup> Airport kiosks keep 7 days; <sup>12</sup> and x<sup>2</sup>.</p>',
    )
    expect(text).toContain('Ledgers are kept for 35 days.\u00b9 Tills are locked.')
    expect(text).toContain('<p id="fn1">\u00b9 Airport kiosks keep 7 days; \u00b9\u00b2 and x\u00b2.</p>')
  })

  it("keeps the page's own text and drops the head, banner, navigation, script and footer", () => {
    const text = pageText(PAGE)
    expect(text).toContain('Kiosk ledgers are encrypted at rest with AES-256.')
    expect(text).toContain('<h2>Encryption</h2>')
    for (const gone of ['Security | Kiosk', 'font-family', 'cookies', 'Pricing', 'window.track', '2026 Kiosk', '<!--'])
      expect(text).not.toContain(gone)
  })

  it('keeps every line break, so locations still point into the file', () => {
    const text = pageText(PAGE)
    expect(text.split('\n')).toHaveLength(PAGE.split('\n').length)
    expect(text.split('\n').indexOf('<p>Kiosk ledgers are encrypted at rest with AES-256.</p>')).toBe(16)
  })

  it('removes an element nested in one of its own name whole, and one never closed to the end', () => {
    expect(pageText('<nav><nav>inner</nav>outer</nav><p>kept</p>')).toBe('<p>kept</p>')
    expect(pageText('<p>kept</p><footer><p>never closed')).toBe('<p>kept</p>')
    // A class that only contains the letters is no banner.
    expect(pageText('<div class="cookiecutter-docs"><p>kept</p></div>')).toContain('kept')
  })
})

describe('HTML evidence', () => {
  it('reads a saved page as passages under its headings, with no markup and none of its frame', async () => {
    const [doc] = await extractEvidence([{ name: 'security.html', bytes: new TextEncoder().encode(PAGE) }])
    expect(doc!.status).toBe('ok')
    const texts = doc!.passages.map((p) => p.text).join('\n')
    expect(texts).toContain('Kiosk ledgers are encrypted at rest with AES-256.')
    expect(texts).toContain('Tills connect over TLS 1.2 or higher.')
    expect(texts).not.toMatch(/<|cookies|Pricing|window\.track/)
    const encryption = doc!.passages.find((p) => p.text.includes('AES-256'))
    expect(encryption!.location).toBe('Security at Kiosk Ledger Co > Encryption')
    // The same page as .htm, read the same way.
    const [htm] = await extractEvidence([{ name: 'security.htm', bytes: new TextEncoder().encode(PAGE) }])
    expect(htm!.passages).toEqual(doc!.passages.map((p) => ({ ...p, file: 'security.htm' })))
  })

  it('refuses a binary file named .html', async () => {
    const bytes = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0])
    const [doc] = await extractEvidence([{ name: 'page.html', bytes }])
    expect(doc!.status).toBe('error')
    expect(doc!.message).toMatch(/not a text file/)
  })
})

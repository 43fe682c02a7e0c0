import { describe, expect, it } from 'vitest'
import { decodeRfc5987, fileNameFromDisposition, safeName } from './file-names'
import { readMultipart, RequestTooLargeError } from './multipart.server'

const B = 'XyZboundary123'

function body(parts: { headers: string; data: Uint8Array | string }[]): Uint8Array {
  const chunks: Buffer[] = []
  for (const p of parts) {
    chunks.push(Buffer.from(`--${B}\r\n`), Buffer.from(p.headers, 'latin1'), Buffer.from('\r\n\r\n'))
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : Buffer.from(p.data), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${B}--\r\n`))
  return Buffer.concat(chunks)
}

/** A stream that hands out `chunk`-byte pieces and counts what was pulled. */
function stream(bytes: Uint8Array, chunk = 7, endless = false) {
  let at = 0
  const counter = { pulled: 0 }
  const s = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.byteLength) {
        if (!endless) return c.close()
        counter.pulled += 65536
        return c.enqueue(new Uint8Array(65536).fill(65))
      }
      const piece = bytes.subarray(at, at + chunk)
      at += chunk
      counter.pulled += piece.byteLength
      c.enqueue(piece)
    },
  })
  return { s, counter }
}

describe('readMultipart', () => {
  it('reads fields and files split at every possible place, with the field before the file', async () => {
    const data = body([
      { headers: 'Content-Disposition: form-data; name="token"', data: 'abc' },
      {
        headers: 'Content-Disposition: form-data; name="questionnaire"; filename="q.csv"\r\nContent-Type: text/csv',
        data: 'a\r\n--Xy\r\nb',
      },
    ])
    for (const chunk of [1, 2, 3, 7, 64, 4096]) {
      const seen: string[] = []
      const files = await readMultipart(stream(data, chunk).s, B, {
        field: (n, v) => void seen.push(`${n}=${v}`),
        fileStart: (f, n) => (seen.push(`file ${f} ${n}`), 100),
      })
      expect(seen).toEqual(['token=abc', 'file questionnaire q.csv'])
      expect(Buffer.from(files[0]!.bytes).toString()).toBe('a\r\n--Xy\r\nb')
    }
  })

  it('stops reading at the first byte over a file limit', async () => {
    const head = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="evidence"; filename="big.txt"\r\n\r\n`)
    const { s, counter } = stream(head, 4096, true) // then an endless file body
    const error = await readMultipart(s, B, { field() {}, fileStart: () => 1024 * 1024 }).catch((e) => e)
    expect(error).toBeInstanceOf(RequestTooLargeError)
    expect(error.file).toMatchObject({ field: 'evidence', name: 'big.txt' })
    expect(counter.pulled).toBeLessThan(2.2 * 1024 * 1024) // the limit, plus at most 1 MB read and dropped before answering
  })

  it('lets a field handler refuse before any file byte is kept', async () => {
    const data = body([
      { headers: 'Content-Disposition: form-data; name="questionnaire"; filename="q.csv"', data: 'x'.repeat(1000) },
    ])
    await expect(
      readMultipart(stream(data).s, B, {
        field() {},
        fileStart() {
          throw new Error('no token yet')
        },
      }),
    ).rejects.toThrow('no token yet')
  })
})

describe('file names', () => {
  it('reads Latin-1, raw UTF-8, RFC 5987 and names holding = ; < and quotes', () => {
    expect(fileNameFromDisposition('form-data; name="evidence"; filename="Sécurité.pdf"').fileName).toBe('Sécurité.pdf')
    expect(
      fileNameFromDisposition(`form-data; name="evidence"; filename*=UTF-8''Pol%C3%ADtica%20de%20seguridad.pdf`)
        .fileName,
    ).toBe('Política de seguridad.pdf')
    expect(
      fileNameFromDisposition(`form-data; name="evidence"; filename="x.pdf"; filename*=iso-8859-1'fr'caf%E9.pdf`)
        .fileName,
    ).toBe('café.pdf')
    expect(fileNameFromDisposition('form-data; name="evidence"; filename="a=b; <c>.pdf"').fileName).toBe('a=b; <c>.pdf')
    expect(fileNameFromDisposition('form-data; name="evidence"; filename="say \\"hi\\".md"').fileName).toBe(
      'say "hi".md',
    )
    expect(decodeRfc5987('nonsense')).toBeNull()
  })

  it('decodes Latin-1 header bytes that are not UTF-8', async () => {
    const headers = Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="evidence"; filename="r`),
      Buffer.from([0xe9]),
      Buffer.from('sum\xe9.txt"\r\n\r\nhello\r\n--' + B + '--', 'latin1'),
    ])
    const files = await readMultipart(stream(headers, 5).s, B, { field() {}, fileStart: () => 100 })
    expect(files[0]!.name).toBe('résumé.txt')
  })

  it('shortens long names keeping the extension, strips paths and control characters', () => {
    const long = safeName(`${'a'.repeat(300)}.docx`)
    expect([...long].length).toBeLessThanOrEqual(150)
    expect(long.endsWith('.docx')).toBe(true)
    expect(safeName('..\\..\\etc/passwd')).toBe('passwd')
    expect(safeName('evil\u202egpj.exe')).toBe('evilgpj.exe')
    expect(safeName('..')).toBe('unnamed')
  })
})

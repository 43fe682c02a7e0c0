/** A multipart/form-data body built byte by byte, so tests can send what browsers and odd clients send. */
export function multipartBody(
  parts: { field: string; value?: string; file?: { name: string; bytes: Uint8Array; rawNameParam?: Buffer } }[],
): { body: Buffer; contentType: string } {
  const boundary = `----qfilltest${Math.random().toString(36).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"`))
    if (p.file) {
      chunks.push(
        Buffer.from('; '),
        p.file.rawNameParam ?? Buffer.from(`filename="${p.file.name.replace(/"/g, '%22')}"`, 'utf8'),
      )
      chunks.push(
        Buffer.from('\r\nContent-Type: application/octet-stream\r\n\r\n'),
        Buffer.from(p.file.bytes),
        Buffer.from('\r\n'),
      )
    } else chunks.push(Buffer.from(`\r\n\r\n${p.value ?? ''}\r\n`))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Resident memory of a process (Linux), in bytes. */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const m = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : 0
}

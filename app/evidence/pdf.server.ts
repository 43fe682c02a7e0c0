import { Worker } from 'node:worker_threads'
import { EvidenceReadError, type Passage } from './model'
import { chunkText } from './passages'

export interface PdfText {
  passages: Passage[]
  pages: number
  /** Pages with no text layer that paint an image: scans or photos of text, which QFill does not OCR (ADR 004). */
  imageOnlyPages: number[]
}

type Reply =
  | { type: 'console'; level: 'log' | 'info' | 'warn' | 'error' | 'debug'; text: string }
  | { type: 'text'; id: number; pages: string[] }
  | { type: 'images'; id: number; imageOnlyPages: number[] }
  | { type: 'failed'; id: number; stage: 'open' | 'read'; name?: string; message: string }

type Answer = Extract<Reply, { type: 'text' | 'images' }>

/**
 * Reads PDFs in a worker thread (pdf-pages.worker.mjs), one file at a time, page by page: pdf.js and all it holds
 * (fonts, page objects, the file's bytes) live in that thread and go when the reader is closed. Started on first
 * use, so a job without PDFs never loads pdf.js (ADR 034).
 */
export class PdfReader {
  private worker?: Worker
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>()
  private next = 0

  /**
   * Text of each page, located as "page N". Throws an EvidenceReadError for encrypted or broken files. Files asked
   * for together are read one after another, so the thread holds one file at a time.
   */
  read(file: string, bytes: Uint8Array): Promise<PdfText> {
    const reading = this.queue.then(() => this.readNow(file, bytes))
    this.queue = reading.catch(() => undefined)
    return reading
  }

  private queue: Promise<unknown> = Promise.resolve()

  private async readNow(file: string, bytes: Uint8Array): Promise<PdfText> {
    const { pages } = (await this.request({ kind: 'text' }, bytes).catch((error: Error & { stage?: string }) => {
      if (error.stage === 'open' && error.name === 'PasswordException')
        throw new EvidenceReadError(`${file} is password-protected: upload a copy without a password.`)
      if (error.stage === 'open' && error.name === 'InvalidPDFException')
        throw new EvidenceReadError(`${file} is not a readable PDF (the file is damaged or not a PDF).`)
      throw error
    })) as Extract<Reply, { type: 'text' }>
    const passages: Passage[] = []
    const textless: number[] = []
    pages.forEach((text, i) => {
      if (text.trim()) passages.push(...chunkText(file, text, () => `page ${i + 1}`))
      else textless.push(i + 1)
    })
    // Pages without text that paint an image are scans; only they are looked at again (few, if any).
    const imageOnlyPages = textless.length
      ? ((await this.request({ kind: 'images', pages: textless }, bytes)) as Extract<Reply, { type: 'images' }>)
          .imageOnlyPages
      : []
    return { passages, pages: pages.length, imageOnlyPages }
  }

  /** Stops the worker thread, releasing all pdf.js memory. */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    await worker?.terminate()
  }

  private request(message: { kind: 'text' | 'images'; pages?: number[] }, bytes: Uint8Array): Promise<Answer> {
    const worker = (this.worker ??= this.start())
    const id = this.next++
    // pdf.js takes over the buffer it is given: the worker gets a copy, the caller's bytes stay intact.
    const copy = bytes.slice()
    worker.ref()
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.postMessage({ ...message, id, bytes: copy }, [copy.buffer])
    })
  }

  private start(): Worker {
    // No execArgv: a process started with `--import tsx` would load pdf.js through tsx in the worker too.
    const worker = new Worker(new URL('./pdf-pages.worker.mjs', import.meta.url), { execArgv: [] })
    worker.on('message', (reply: Reply) => {
      if (reply.type === 'console') {
        console[reply.level](reply.text)
        return
      }
      const pending = this.pending.get(reply.id)
      this.pending.delete(reply.id)
      // An idle reader that someone forgot to close does not keep the process alive.
      if (!this.pending.size) worker.unref()
      if (reply.type === 'failed')
        pending?.reject(Object.assign(new Error(reply.message), { name: reply.name ?? 'Error', stage: reply.stage }))
      else pending?.resolve(reply)
    })
    // A crash (out of memory, a pdf.js bug) fails the files in flight; the next file starts a new worker.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined
      for (const p of this.pending.values()) p.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the PDF reader stopped (exit code ${code})`)))
    return worker
  }
}

declare module 'word-extractor' {
  interface Document {
    getBody(): string
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<Document>
  }
}

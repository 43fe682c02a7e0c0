import { format } from 'node:util'

/**
 * Keeps stdout for the output a command was asked for (answers.json, the files written, MCP's protocol): from now
 * on console.log, console.info and console.debug, which libraries use for their own notices (pdf.js warnings, SDK
 * messages), write to stderr. Returns the writer of the command's own output.
 */
export function reserveStdout(): (text: string) => void {
  const toStderr = (...args: unknown[]) => {
    process.stderr.write(`${format(...args)}\n`)
  }
  console.log = toStderr
  console.info = toStderr
  console.debug = toStderr
  return (text) => {
    process.stdout.write(text)
  }
}

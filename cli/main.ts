import { EnvError } from '../app/env.server'
import { UsageError } from './usage-error'

const USAGE = `Usage: qfill <command> [options]

Commands:
  answer QUESTIONNAIRE... [--evidence FILE]... [--out DIR] [--json] [--engine NAME]
                          Fill in questionnaires locally (no server, no database).
  apply QUESTIONNAIRE --answers EDITED.answers.json [--out DIR]
                          Rewrite the workbook, _SUMMARY and PDF from an edited answers.json.
  token create --plan PLAN [--email EMAIL] [--quota N]
                          Mint an access token (printed once). Plans: trial, single, starter, pro, monthly.
  token list|revoke|extend
                          List tokens, revoke one, or move its expiry ("qfill token --help").
  outbox [--to EMAIL]     Show e-mails kept in the outbox (no SMTP_URL, or delivery failed).
  serve [--dev]           Run the web server and the worker (embedded Postgres unless DATABASE_URL is set).
  worker                  Run a worker alone.
  db migrate              Apply pending database migrations.
  bench accuracy          Measure answer accuracy on the real sets in ../shared/data/eval.

Run "qfill <command> --help" for a command's options.

Exit codes: 0 done, 1 unexpected error, 2 bad input (arguments, files, configuration), 3 answering engine failure.`

/** Dispatches a command line; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'answer':
        return await (await import('./answer')).answerCommand(rest)
      case 'apply':
        return await (await import('./apply')).applyCommand(rest)
      case 'token':
        return await (await import('./token')).tokenCommand(rest)
      case 'outbox':
        return await (await import('./outbox')).outboxCommand(rest)
      case 'serve':
        return await (await import('./serve')).serveCommand(rest)
      case 'worker':
        return await (await import('./worker')).workerCommand(rest)
      case 'db':
        return await (await import('./db')).dbCommand(rest)
      case 'bench':
        return await (await import('./bench')).benchCommand(rest)
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        console.log(USAGE)
        return command ? 0 : 2
      default:
        console.error(`qfill: unknown command "${command}"\n\n${USAGE}`)
        return 2
    }
  } catch (error) {
    if (error instanceof EnvError || error instanceof UsageError) {
      console.error(`qfill: ${error.message}`)
      return 2
    }
    console.error(error)
    return 1
  }
}

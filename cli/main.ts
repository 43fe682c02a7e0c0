import { EnvError } from '../app/env.server'

const USAGE = `Usage: qfill <command> [options]

Commands:
  answer QUESTIONNAIRE [--evidence FILE]... [--out DIR]
                          Fill in a questionnaire offline (no server, no database).
  token create --plan PLAN [--email EMAIL] [--quota N]
                          Mint an access token (printed once). Plans: trial, single, starter, pro, monthly.
  serve [--dev]           Run the web server and the worker (embedded Postgres unless DATABASE_URL is set).
  worker                  Run a worker alone.
  db migrate              Apply pending database migrations.
  bench accuracy          Measure answer accuracy on the real sets in ../shared/data/eval.

Run "qfill <command> --help" for a command's options.`

/** Dispatches a command line; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'answer':
        return await (await import('./answer')).answerCommand(rest)
      case 'token':
        return await (await import('./token')).tokenCommand(rest)
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

export class UsageError extends Error {
  name = 'UsageError'
}

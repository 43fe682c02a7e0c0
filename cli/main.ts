import { EnvError } from '../app/infra/env.server'
import { captureConsole, configureLog, logger } from '../app/infra/log.server'
import { EXIT, UsageError } from './usage-error'

const USAGE = `Usage: qfill <command> [options]

Commands:
  answer QUESTIONNAIRE... [-e FILE]... [--library FILE]... [--product NAME] [-o DIR] [--json] [--engine NAME]
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
  mcp                     Serve answer_questionnaire, get_answers and apply_answers to an AI assistant (Model
                          Context Protocol over stdio).
  bench accuracy          Measure answer accuracy on the real sets in ../shared/data/eval.

Run "qfill <command> --help" for a command's options.

Exit codes: 0 done, 1 unexpected error, 2 bad input (arguments, files, configuration), 3 answering engine failure.`

/** Commands that run a server or touch a shared database: their lines are the operator's logs. */
const SERVER_COMMANDS = new Set(['serve', 'worker', 'db'])

/** Dispatches a command line; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const server = SERVER_COMMANDS.has(command ?? '')
  // The other commands print what was asked for on stdout: every log line (the engine's included) goes to stderr.
  if (!server) configureLog({ to: 'stderr', format: 'text' })
  // A server's stdout is its log: libraries' console output joins it as log lines.
  else captureConsole()
  try {
    return await dispatch(command, rest)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    let message: string | null = null
    if (error instanceof EnvError || error instanceof UsageError) message = error.message
    else if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'))
      message = `${argumentProblem(error as Error)}\n${usageOf(command!)}`
    if (server) configureLog({ to: 'stderr' }) // a refusal or a crash: on stderr like any command's, as a log line
    if (message === null) {
      if (server) logger().error({ err: error }, 'stopped by an unexpected error')
      else console.error(error)
      return EXIT.failure
    }
    if (server) logger().error(message)
    else console.error(`qfill: ${message}`)
    return EXIT.badInput
  }
}

async function dispatch(command: string | undefined, rest: string[]): Promise<number> {
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
    case 'mcp':
      return await (await import('./mcp')).mcpCommand(rest)
    case 'bench':
      return await (await import('./bench')).benchCommand(rest)
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      console.log(USAGE)
      return command ? EXIT.ok : EXIT.badInput
    default:
      console.error(`qfill: unknown command "${command}"\n\n${USAGE}`)
      return EXIT.badInput
  }
}

/** node:util parseArgs' complaint, said shortly: "unknown option --foo". */
function argumentProblem(error: Error): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message)
  if (unknown) return `unknown option ${unknown[1]}`
  const missing = /^Option '(?:-\w, )?(\S+) <value>' argument missing/.exec(error.message)
  if (missing) return `${missing[1]} needs a value`
  const extra = /^Unexpected argument '([^']+)'/.exec(error.message)
  if (extra) return `unexpected argument ${extra[1]}`
  return error.message
}

/** The command's line of the usage text above, and where its options are explained. */
function usageOf(command: string): string {
  const lines = USAGE.split('\n')
  const at = lines.findIndex((l) => l.trimStart().startsWith(`${command} `) || l.trim() === command)
  const synopsis = at < 0 ? command : lines[at]!.trim().split(/\s{2,}/)[0]
  return `usage: qfill ${synopsis} (run "qfill ${command} --help" for its options)`
}

/** A mistake in how a command was called (exit code 2): the message says what to type instead. */
export class UsageError extends Error {
  name = 'UsageError'
}

/** The exit codes every qfill command uses (documented in `qfill --help` and the README). */
export const EXIT = { ok: 0, failure: 1, badInput: 2, engineFailure: 3 } as const

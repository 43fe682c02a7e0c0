/**
 * Waiting in tests for something another process does (a worker finishing a job, a queue entry going away): one
 * generous bound for all of them, so a test on a machine busy with other work still passes, and a test that
 * really hangs still ends with a message naming what it waited for (issue 20).
 */

/** How long a job of the tests' small files may take on a loaded 2-core machine: far more than it ever needs. */
export const JOB_WAIT_MS = 240_000

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = JOB_WAIT_MS,
): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > until) throw new Error(`timed out after ${Math.round(ms / 1000)} s waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

#!/usr/bin/env node
// The qfill command. TypeScript sources run through tsx, so the CLI, the worker and the web server share one codebase.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../cli/main.ts')
// Exit explicitly: libraries loaded by some commands (the worker's pg pool) may otherwise keep or reset the exit code.
process.exit(await main(process.argv.slice(2)))

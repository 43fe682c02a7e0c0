#!/usr/bin/env node
// The qfill command. TypeScript sources run through tsx, so the CLI, the worker and the web server share one codebase.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../cli/main.ts')
process.exitCode = await main(process.argv.slice(2))

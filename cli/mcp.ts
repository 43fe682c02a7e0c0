import path from 'node:path'
import { parseArgs } from 'node:util'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { createEngine } from '../app/answering/engines.server'
import type { AnswersJson } from '../app/answering/model'
import { EnvError, getEnv, parseEnv } from '../app/infra/env.server'
import { log } from '../app/infra/log.server'
import { answerFiles, productSchema } from './answer-files'
import { applyAnswers, ApplyRefused, checkAnswersJson, readAnswersJson } from './apply-files'
import { reserveStdout } from './stdout'
import { EXIT, UsageError } from './usage-error'

const HELP = `Usage: qfill mcp

Runs a Model Context Protocol server over stdio, so an AI assistant (Claude Desktop, an IDE, any MCP client) can
fill in questionnaires on this machine with the same code as "qfill answer" and "qfill apply". Tools:
  answer_questionnaire  questionnaire, evidence and library files (paths) and a product name in; the paths of
                        NAME.completed.xlsx, NAME.summary.pdf and NAME.answers.json and the summary out
  get_answers           the answers of a NAME.answers.json (optionally only those flagged for review)
  apply_answers         rewrites the three files from an answers.json, with edits (answer, comment, confirmed)
Paths are read relative to the folder the server was started in. Stdout carries the protocol and nothing else;
log lines go to stderr. The engine is ANSWER_ENGINE's (offline unless an AI provider is configured), or the
tool's "engine" argument.`

const ENGINES = ['auto', 'offline', 'gemini', 'openai'] as const
const filePath = z.string().min(1).describe('A file path, absolute or relative to the folder the server runs in')
const filesOut = z.object({ xlsx: z.string(), pdf: z.string(), json: z.string() })
const summaryOut = z.object({
  questions: z.number(),
  answered: z.number(),
  flagged: z.number(),
  confirmed: z.number().optional(),
  averageConfidence: z.number(),
  engine: z.string(),
})

/** `qfill mcp`: serves until the client closes stdin. */
export async function mcpCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h', default: false } } })
  const print = reserveStdout()
  if (values.help) {
    print(`${HELP}\n`)
    return EXIT.ok
  }
  getEnv() // a bad configuration stops here with exit 2, not at the first tool call
  const server = createMcpServer()
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve
    process.stdin.once('end', resolve)
    process.stdin.once('close', resolve)
  })
  await server.connect(transport)
  log('info', 'MCP server ready on stdio', { component: 'mcp' })
  await closed
  await server.close()
  return EXIT.ok
}

export function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'qfill', version: '1' })

  server.registerTool(
    'answer_questionnaire',
    {
      title: 'Fill in a security questionnaire',
      description:
        'Answers a vendor security questionnaire (.xlsx, .xls, .csv, .docx) from evidence files (policies, reports: .pdf, .docx, .md, .txt, .zip ...) and earlier answered questionnaires, with verbatim citations, confidence and flags. ' +
        'Writes NAME.completed.xlsx, NAME.summary.pdf and NAME.answers.json and returns their paths and the summary.',
      inputSchema: {
        questionnaire: filePath.describe('The questionnaire to fill in'),
        evidence: z.array(filePath).default([]).describe('Evidence files'),
        library: z.array(filePath).default([]).describe('Earlier answered questionnaires, read as answer libraries'),
        product: productSchema.optional().describe('The product the questionnaire is about'),
        outDir: filePath.optional().describe("Where to write the three files (default: the questionnaire's folder)"),
        engine: z.enum(ENGINES).optional().describe('Answering engine (default: ANSWER_ENGINE)'),
        unanswered: z.enum(['blank', 'no']).default('blank').describe('Questions the evidence is silent on'),
      },
      outputSchema: { files: filesOut, summary: summaryOut, messages: z.array(z.string()), exitCode: z.number() },
    },
    (input) =>
      toolResult(async () => {
        const env = input.engine ? parseEnv({ ...process.env, ANSWER_ENGINE: input.engine }) : getEnv()
        const outcome = await answerFiles({
          questionnaires: [input.questionnaire],
          evidence: input.evidence,
          library: input.library,
          product: input.product,
          outDir: input.outDir ?? path.dirname(input.questionnaire),
          engine: createEngine(env),
          unanswered: input.unanswered,
          evidenceOption: 'in the evidence list',
        })
        const [done] = outcome.answered
        if (!done) throw new UsageError(outcome.messages.join('\n') || 'the questionnaire could not be answered')
        return {
          files: done.files,
          summary: summaryOf(done.answersJson),
          messages: outcome.messages,
          exitCode: outcome.code,
        }
      }),
  )

  server.registerTool(
    'get_answers',
    {
      title: 'Read the answers of a filled questionnaire',
      description:
        'Reads NAME.answers.json (written by answer_questionnaire or apply_answers): every question with its answer, comment, confidence, flag, reason and citations.',
      inputSchema: {
        answers: filePath.describe('The NAME.answers.json file'),
        flaggedOnly: z.boolean().default(false).describe('Only the answers flagged for review'),
      },
    },
    (input) =>
      toolResult(async () => {
        const answers = await readAnswersJson(input.answers)
        return input.flaggedOnly ? { ...answers, questions: answers.questions.filter((q) => q.flagged) } : answers
      }),
  )

  server.registerTool(
    'apply_answers',
    {
      title: 'Apply edited answers',
      description:
        'Rewrites NAME.completed.xlsx, its _SUMMARY sheet, NAME.summary.pdf and NAME.answers.json from an answers.json and optional edits, answering nothing again. ' +
        'An answer must be one the cell allows (its list value, or YES, NO, N/A, PARTIALLY, PLANNED Q#/YYYY; free text on free-text rows; null leaves it empty). ' +
        'confirmed: true marks an answer as reviewed. Values a cell does not allow are refused and nothing is written.',
      inputSchema: {
        questionnaire: filePath.describe('The original, unanswered questionnaire the answers were made for'),
        answers: filePath.describe('The NAME.answers.json to apply'),
        edits: z
          .array(
            z.object({
              id: z.string().min(1).describe('The question id, as in answers.json'),
              answer: z.string().nullable().optional(),
              comment: z.string().nullable().optional(),
              confirmed: z.boolean().optional(),
            }),
          )
          .max(5000)
          .default([])
          .describe('Changes to make to the answers before applying them'),
        outDir: filePath.optional().describe("Where to write the files (default: the answers file's folder)"),
      },
      outputSchema: { files: filesOut, summary: summaryOut },
    },
    (input) =>
      toolResult(async () => {
        const answers = withEdits(await readAnswersJson(input.answers), input.edits)
        const applied = await applyAnswers({
          questionnairePath: input.questionnaire,
          answers,
          outDir: input.outDir ?? path.dirname(input.answers),
        })
        return { files: applied.files, summary: summaryOf(applied.answersJson) }
      }),
  )
  return server
}

type Edit = { id: string; answer?: string | null; comment?: string | null; confirmed?: boolean }

function withEdits(answers: AnswersJson, edits: Edit[]): AnswersJson {
  const ids = new Set(answers.questions.map((q) => q.id))
  const unknown = edits.filter((e) => !ids.has(e.id)).map((e) => e.id)
  if (unknown.length) throw new UsageError(`no question with id ${unknown.slice(0, 10).join(', ')} in the answers`)
  const byId = new Map(edits.map((e) => [e.id, e]))
  const edited = {
    ...answers,
    questions: answers.questions.map((q) => {
      const e = byId.get(q.id)
      if (!e) return q
      return {
        ...q,
        ...(e.answer !== undefined ? { answer: e.answer } : {}),
        ...(e.comment !== undefined ? { comment: e.comment } : {}),
        ...(e.confirmed !== undefined ? { confirmed: e.confirmed } : {}),
      }
    }),
  }
  return checkAnswersJson(edited, 'the edited answers')
}

function summaryOf(answers: AnswersJson): z.infer<typeof summaryOut> {
  const s = answers.summary
  return {
    questions: s.questions,
    answered: s.answered,
    flagged: s.flagged,
    ...(s.confirmed !== undefined ? { confirmed: s.confirmed } : {}),
    averageConfidence: s.averageConfidence,
    engine: s.engine,
  }
}

/**
 * A tool's answer: its result as structured content and as JSON text; a mistake the caller can fix (a path, a
 * value a cell does not allow, the limit on evidence files) as a tool error saying what.
 */
async function toolResult(run: () => Promise<object>): Promise<CallToolResult> {
  try {
    const result = await run()
    return {
      content: [{ type: 'text', text: JSON.stringify(result, null, 2) }],
      structuredContent: result as Record<string, unknown>,
    }
  } catch (error) {
    const known = error instanceof UsageError || error instanceof EnvError || error instanceof ApplyRefused
    if (!known) log('error', 'an MCP tool failed', { component: 'mcp', err: error })
    const message = known ? error.message : `unexpected error: ${(error as Error).message}`
    return { isError: true, content: [{ type: 'text', text: message }] }
  }
}

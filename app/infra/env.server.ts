import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import { readLocalSecrets, updateLocalSecrets } from './local-secrets.server'

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

const key32 = z.string().refine((v) => decodeKey(v) !== null, 'must be 32 bytes written as 64 hex characters or base64')

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ invalid_type_error: 'must be a port number (1-65535)' })
      .int()
      .min(1)
      .max(65535)
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    QFILL_DATA_DIR: z.string().min(1).default('.data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    FILE_ENCRYPTION_KEY: key32.optional(),
    RUN_WORKER: bool.default('true'),
    WORKER_CONCURRENCY: z.coerce
      .number({ invalid_type_error: 'must be a whole number from 1 to 32' })
      .int()
      .min(1)
      .max(32)
      .default(2),
    FILE_RETENTION_MINUTES: z.coerce
      .number({ invalid_type_error: 'must be a number of minutes' })
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    // Hardening (ADR 012): rate limits on unless switched off; which proxy header, if any, names the client.
    RATE_LIMITS: bool.default('true'),
    TRUST_PROXY: z.enum(['none', 'fly', 'x-forwarded-for']).optional(),
    FLY_APP_NAME: z.string().min(1).optional(),
    QFILL_LOCAL_SECRETS: bool.default('false'),
    ANSWER_ENGINE: z.enum(['auto', 'offline', 'gemini', 'openai']).default('auto'),
    GEMINI_API_KEY: z.string().min(1).optional(),
    GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
    OPENAI_BASE_URL: z.string().url().optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_MODEL: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // The site's address as users reach it; links in e-mails and Stripe's return URLs are built from it alone.
    PUBLIC_URL: z
      .string()
      .url()
      .refine((v) => /^https?:\/\/[^/?#]+\/?$/i.test(v), 'must be an http(s) origin such as https://qfill.example.com')
      .optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('QFill <no-reply@qfill.local>'),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    MALWARE_HASH_LIST: z.string().min(1).optional(),
    JOB_MEMORY_LIMIT_MB: z.coerce
      .number({ invalid_type_error: 'must be a number of megabytes' })
      .int()
      .min(128)
      .max(16384)
      // Two jobs at this limit, the web process and the scan process fit a 2 GB machine (docs/deploy.md, sizing).
      .default(640),
  })
  .superRefine((env, ctx) => {
    // A shared database means several machines: they must share their secrets, so none may be invented here.
    if (env.DATABASE_URL) {
      for (const name of ['SESSION_SECRET', 'FILE_ENCRYPTION_KEY'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [name],
            message: 'is required when DATABASE_URL is set (all machines must share it)',
          })
        }
      }
    }
    // In production the file key must never sit in the data folder next to the ciphertext it protects (ADR 012).
    if (env.NODE_ENV === 'production' && !env.DATABASE_URL && !env.QFILL_LOCAL_SECRETS) {
      for (const name of ['SESSION_SECRET', 'FILE_ENCRYPTION_KEY'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [name],
            message:
              'is required in production, so that the key is not kept in the data folder next to the files it protects (generate one with: openssl rand -hex 32; or set QFILL_LOCAL_SECRETS=true to accept keeping it there)',
          })
        }
      }
    }
    // Links in e-mails must never be built from a request's Host or X-Forwarded-Host (issue 16, finding 2).
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['PUBLIC_URL'],
        message:
          'is required in production: the address users reach the site at (e.g. https://qfill.example.com), for the links in e-mails and payment pages',
      })
    }
    if (env.ANSWER_ENGINE === 'gemini' && !env.GEMINI_API_KEY) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['GEMINI_API_KEY'],
        message: 'is required when ANSWER_ENGINE=gemini',
      })
    }
    if (env.ANSWER_ENGINE === 'openai') {
      for (const name of ['OPENAI_BASE_URL', 'OPENAI_MODEL'] as const) {
        if (!env[name])
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: 'is required when ANSWER_ENGINE=openai' })
      }
    }
  })

export type Env = z.infer<typeof schema>

export class EnvError extends Error {
  name = 'EnvError'
}

let cached: Env | undefined

/** Parses process.env once; throws an EnvError naming every missing or bad variable. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

export function resetEnvForTests() {
  cached = undefined
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // Empty strings count as unset: `FOO=` in a .env file or fly.toml should not mean "FOO is the empty string".
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = schema.safeParse(input)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'} ${issue.message}`)
    throw new EnvError(`Invalid configuration, fix these environment variables:\n${lines.join('\n')}`)
  }
  return result.data
}

/**
 * The session secret and file encryption key. With a shared database they come from the environment (checked
 * above); on a single machine with the embedded database they are generated once and kept in the data folder.
 */
export function secrets(env: Env): { sessionSecret: string; fileKey: Buffer } {
  const local = env.SESSION_SECRET && env.FILE_ENCRYPTION_KEY ? null : localSecrets(env.QFILL_DATA_DIR)
  if (local && env.NODE_ENV === 'production') warnLocalSecrets(env.QFILL_DATA_DIR)
  return {
    sessionSecret: env.SESSION_SECRET ?? local!.sessionSecret,
    fileKey: decodeKey(env.FILE_ENCRYPTION_KEY ?? local!.fileEncryptionKey)!,
  }
}

/**
 * The origin links in e-mails and Stripe's return URLs point to: PUBLIC_URL, or, in development, the configured
 * host and port. Never a request header: Host and X-Forwarded-Host are the sender's to choose (issue 16, finding 2).
 */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '')
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`
}

/** The engine that will answer: an explicit ANSWER_ENGINE, else the first configured provider, else offline. */
export function answerEngineName(env: Env): 'offline' | 'gemini' | 'openai' {
  if (env.ANSWER_ENGINE !== 'auto') return env.ANSWER_ENGINE
  if (env.GEMINI_API_KEY) return 'gemini'
  if (env.OPENAI_BASE_URL && env.OPENAI_MODEL) return 'openai'
  return 'offline'
}

export function decodeKey(value: string): Buffer | null {
  const buf = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')
  return buf.length === 32 ? buf : null
}

/** Single-machine mode: secrets are generated once and kept beside the embedded database. */
function localSecrets(dataDir: string): { sessionSecret: string; fileEncryptionKey: string } {
  const file = path.resolve(dataDir, 'secrets.json')
  const saved = readLocalSecrets(file)
  if (typeof saved.sessionSecret === 'string' && decodeKey(String(saved.fileEncryptionKey ?? '')))
    return { sessionSecret: saved.sessionSecret, fileEncryptionKey: String(saved.fileEncryptionKey) }
  const secrets = {
    sessionSecret: randomBytes(32).toString('base64url'),
    fileEncryptionKey: randomBytes(32).toString('hex'),
  }
  updateLocalSecrets(file, secrets)
  return secrets
}

let warned = false
/** QFILL_LOCAL_SECRETS=true in production: allowed, but said loudly once per process. */
function warnLocalSecrets(dataDir: string) {
  if (warned) return
  warned = true
  console.warn(
    [
      '',
      '!'.repeat(78),
      `!! WARNING: the file encryption key is kept in ${path.resolve(dataDir, 'secrets.json')},`,
      '!! next to the encrypted files it protects. Anyone who copies the data folder can read',
      '!! every stored file. Set FILE_ENCRYPTION_KEY and SESSION_SECRET (openssl rand -hex 32).',
      '!'.repeat(78),
      '',
    ].join('\n'),
  )
}

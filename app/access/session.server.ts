import { createHash, randomBytes } from 'node:crypto'
import { createCookie, createCookieSessionStorage, type Session } from '@remix-run/node'
import { createToastUtilsWithCustomSession } from 'remix-toast'
import { CSRF_MESSAGE, checkSessionOpening } from '../http/csrf.server'
import { services } from '../infra/services.server'

/** The cookie holds only a random session id; the sessions table says which token it belongs to. */
type SessionData = { sid: string }

const holder = globalThis as typeof globalThis & {
  __qfillSessions?: Map<boolean, ReturnType<typeof storage>>
  __qfillToasts?: ReturnType<typeof createToastUtilsWithCustomSession>
}

export const SESSION_COOKIE = 'qfill_session'

function storage(secret: string, secure: boolean) {
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      secrets: [secret],
      maxAge: 60 * 60 * 24 * 30, // SESSION_MAX_AGE_S
    },
  })
}

/** Secure cookies whenever the request came over HTTPS (directly or through Fly's proxy). */
function isHttps(request: Request) {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https'
}

function sessions(request: Request) {
  holder.__qfillSessions ??= new Map()
  const secure = isHttps(request)
  let s = holder.__qfillSessions.get(secure)
  if (!s) {
    const secret = services().sessionSecret
    s = storage(secret, secure)
    holder.__qfillSessions.set(secure, s)
  }
  return s
}

export async function getSession(request: Request): Promise<Session<SessionData>> {
  return sessions(request).getSession(request.headers.get('Cookie'))
}

export async function commitSession(request: Request, session: Session<SessionData>): Promise<string> {
  return sessions(request).commitSession(session)
}

export const SESSION_MAX_AGE_S = 60 * 60 * 24 * 30

/** What the sessions table keeps of a session id: its SHA-256, so a copy of the table opens no session. */
export function sessionHash(sid: string): Buffer {
  return createHash('sha256').update(sid).digest()
}

/**
 * The session id in a Cookie header, if the session cookie is there and its signature holds. For code outside
 * Remix (the rate limiter, which budgets by token); it does not check that the session still exists.
 */
export async function sessionIdFromCookie(cookieHeader: string | undefined, secret: string): Promise<string | null> {
  if (!cookieHeader || !cookieHeader.includes(`${SESSION_COOKIE}=`)) return null
  const data = (await createCookie(SESSION_COOKIE, { secrets: [secret] }).parse(cookieHeader)) as SessionData | null
  return data && typeof data.sid === 'string' ? data.sid : null
}

/**
 * Opens a server-side session for a token; returns the Set-Cookie header value. Only a same-origin POST may do so
 * (issue 16, finding 1: a GET link or another site's form must never change who the visitor is); anything else is
 * refused with 403 here too, whatever server or middleware runs in front.
 */
export async function startSession(request: Request, tokenId: number, now = new Date()): Promise<string> {
  const verdict = checkSessionOpening(
    { method: request.method, headers: Object.fromEntries(request.headers) },
    { allowedOrigins: services().env.PUBLIC_URL ? [services().env.PUBLIC_URL!] : [] },
  )
  if (!verdict.ok) throw new Response(CSRF_MESSAGE, { status: 403, headers: { 'Cache-Control': 'no-store' } })
  const session = await getSession(request)
  const old = session.get('sid')
  if (old) await services().sql`delete from sessions where id_hash = ${sessionHash(old)}`
  // Sessions nobody signed out of simply lapse; clear them as new ones open (indexed, usually a no-op).
  await services().sql`delete from sessions where expires_at < ${now}`
  const sid = randomBytes(32).toString('base64url')
  await services().sql`
    insert into sessions (id_hash, token_id, created_at, expires_at)
    values (${sessionHash(sid)}, ${tokenId}, ${now}, ${new Date(now.getTime() + SESSION_MAX_AGE_S * 1000)})`
  session.set('sid', sid)
  return commitSession(request, session)
}

/** The token id of the request's session, if the session still exists on the server. */
export async function sessionTokenId(request: Request, now = new Date()): Promise<number | null> {
  const sid = (await getSession(request)).get('sid')
  if (typeof sid !== 'string') return null
  const [row] = await services().sql<{ tokenId: string }[]>`
    select token_id as "tokenId" from sessions where id_hash = ${sessionHash(sid)} and expires_at > ${now}`
  return row ? Number(row.tokenId) : null
}

/** Signs out: deletes the server-side session, so the cookie is worthless even if a copy survives. */
export async function endSession(request: Request): Promise<string> {
  const session = await getSession(request)
  const sid = session.get('sid')
  if (typeof sid === 'string') await services().sql`delete from sessions where id_hash = ${sessionHash(sid)}`
  return destroySession(request, session)
}

export async function destroySession(request: Request, session: Session<SessionData>): Promise<string> {
  return sessions(request).destroySession(session)
}

/** Flash notices set on redirect (remix-toast), in their own signed cookie. */
export function toasts() {
  holder.__qfillToasts ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: { name: 'qfill_toast', httpOnly: true, sameSite: 'lax', path: '/', secrets: [services().sessionSecret] },
    }),
  )
  return holder.__qfillToasts
}

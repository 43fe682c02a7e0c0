import { createCookieSessionStorage, type Session } from '@remix-run/node'
import { createToastUtilsWithCustomSession } from 'remix-toast'
import { services } from '../services.server'

type SessionData = { tokenId: number }

const holder = globalThis as typeof globalThis & {
  __qfillSessions?: Map<boolean, ReturnType<typeof storage>>
  __qfillToasts?: ReturnType<typeof createToastUtilsWithCustomSession>
}

function storage(secret: string, secure: boolean) {
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: 'qfill_session',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      secrets: [secret],
      maxAge: 60 * 60 * 24 * 30,
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

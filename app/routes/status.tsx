import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import {
  Activity,
  AlertTriangle,
  CheckCircle2,
  CircleSlash,
  Cpu,
  CreditCard,
  Database,
  Globe,
  HardDrive,
  Mail,
  RefreshCw,
  XCircle,
} from 'lucide-react'
import { Badge, Button, type BadgeTone } from '../components/ui'
import { services } from '../infra/services.server'
import { measureStatus } from '../status/checks.server'
import { OVERALL_LABELS, STATE_LABELS, type OverallState, type ServiceState, type ServiceStatus } from '../status/model'

export const meta: MetaFunction = () => [
  { title: 'System Status | QFill' },
  { name: 'description', content: 'Live state of every part of QFill, measured when you load the page.' },
]

export async function loader(_: LoaderFunctionArgs) {
  const { sql, store, env } = services()
  const report = await measureStatus({ sql, store, env })
  return data(report, { status: report.overall === 'down' ? 503 : 200, headers: { 'Cache-Control': 'no-store' } })
}

const ICONS: Record<ServiceStatus['name'], typeof Globe> = {
  'Web Application': Globe,
  'AI Processing': Cpu,
  'File Storage': HardDrive,
  'Payment Processing': CreditCard,
  'Email Delivery': Mail,
  Database: Database,
}

const TONE: Record<ServiceState, BadgeTone> = {
  operational: 'green',
  degraded: 'amber',
  down: 'red',
  not_configured: 'slate',
}

const BANNER: Record<OverallState, { box: string; icon: typeof CheckCircle2; text: string }> = {
  operational: { box: 'border-green-200 bg-green-50', icon: CheckCircle2, text: 'text-green-900' },
  degraded: { box: 'border-amber-200 bg-amber-50', icon: AlertTriangle, text: 'text-amber-900' },
  down: { box: 'border-red-200 bg-red-50', icon: XCircle, text: 'text-red-900' },
}

export default function Status() {
  const report = useLoaderData<typeof loader>()
  const { revalidate, state } = useRevalidator()
  const navigation = useNavigation()
  const checking = state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === '/status')
  const banner = BANNER[report.overall]
  const checkedAt = new Date(report.checkedAt)
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wider text-brand-700 uppercase">
            <Activity aria-hidden className="h-4 w-4" /> System Status
          </p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">QFill service status</h1>
        </div>
        {/* A GET form reloads the page without JavaScript; with it, the loader re-runs in place. */}
        <Form
          method="get"
          onSubmit={(e) => {
            e.preventDefault()
            revalidate()
          }}
        >
          <Button type="submit" variant="secondary" disabled={checking}>
            <RefreshCw aria-hidden className={`h-4 w-4 ${checking ? 'animate-spin' : ''}`} />
            Refresh Status
          </Button>
        </Form>
      </div>

      <div
        role="status"
        data-testid="overall"
        className={`mt-8 flex items-center gap-4 rounded-2xl border p-5 ${banner.box}`}
      >
        <banner.icon aria-hidden className={`h-8 w-8 shrink-0 ${banner.text}`} />
        <div className={`min-w-0 flex-1 ${banner.text}`}>
          <p className="text-lg font-semibold">{checking ? 'Checking...' : OVERALL_LABELS[report.overall]}</p>
          <p className="text-sm">
            Measured <time dateTime={report.checkedAt}>{checkedAt.toISOString().slice(11, 19)} UTC</time>, when this
            page was loaded.
          </p>
        </div>
        <Badge
          tone={report.overall === 'operational' ? 'green' : report.overall === 'degraded' ? 'amber' : 'red'}
          className="text-sm"
        >
          {STATE_LABELS[report.overall]}
        </Badge>
      </div>

      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <ul aria-label="Services" className="divide-y divide-slate-100">
          {report.services.map((s) => {
            const Icon = ICONS[s.name]
            return (
              <li
                key={s.name}
                data-testid="service"
                className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:gap-5"
              >
                <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-slate-100 text-slate-700">
                  <Icon aria-hidden className="h-5 w-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900">{s.name}</h2>
                  <p className="mt-0.5 text-sm leading-6 text-slate-600">{s.description}</p>
                </div>
                <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-1">
                  <Badge tone={TONE[s.status]}>
                    {s.status === 'not_configured' ? <CircleSlash aria-hidden className="h-3 w-3" /> : null}
                    {s.label ?? STATE_LABELS[s.status]}
                  </Badge>
                  <span className="text-sm text-slate-600 tabular-nums" data-testid="response-time">
                    {s.responseTimeMs === null ? 'not contacted' : `${s.responseTimeMs} ms`}
                  </span>
                </div>
              </li>
            )
          })}
        </ul>
      </div>

      <p className="mt-6 text-sm leading-6 text-slate-600">
        Every figure is measured when the page loads: a database round trip, the answering workers’ heartbeats and
        queue, an encrypted write and read of a probe file, the payment configuration and a connection to the mail
        server. Nothing here is a fixed value. Machine-readable:{' '}
        <a href="/api/status" className="font-medium text-brand-700 underline">
          /api/status
        </a>
        .
      </p>
    </div>
  )
}

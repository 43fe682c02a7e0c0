import { SchemaView, typeLabel, type JsonSchema } from './schema-view'

export interface Operation {
  method: string
  path: string
  operationId?: string
  summary?: string
  description?: string
  security?: Record<string, string[]>[]
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>
  'x-codeSamples'?: { lang: string; source: string }[]
}

const METHOD_COLOURS: Record<string, string> = {
  get: 'bg-emerald-100 text-emerald-900',
  post: 'bg-brand-100 text-brand-900',
  patch: 'bg-amber-100 text-amber-900',
  put: 'bg-amber-100 text-amber-900',
  delete: 'bg-rose-100 text-rose-900',
}

export function anchorFor(op: Pick<Operation, 'method' | 'path' | 'operationId'>): string {
  return op.operationId ?? `${op.method}-${op.path.replace(/[^a-z0-9]+/gi, '-')}`
}

function authText(security: Operation['security']): string {
  const schemes = new Set((security ?? []).flatMap((s) => Object.keys(s)))
  if (schemes.has('stripeSignature')) return 'Stripe webhook signature (Stripe-Signature header).'
  if (schemes.has('bearerAuth') || schemes.has('apiKey')) {
    return 'Access token: "Authorization: Bearer <token>" or "x-api-key: <token>".'
  }
  return 'None: public.'
}

/** Text with `code` spans, as the OpenAPI descriptions write them. */
function Described({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>
}

export function OperationView({ op }: { op: Operation }) {
  const body = op.requestBody && Object.entries(op.requestBody.content)[0]
  return (
    <section
      id={anchorFor(op)}
      aria-labelledby={`${anchorFor(op)}-title`}
      className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={`${anchorFor(op)}-title`} className="flex flex-wrap items-center gap-3">
        <span
          className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_COLOURS[op.method] ?? 'bg-slate-100'}`}
        >
          {op.method}
        </span>
        <code className="font-mono text-base font-semibold wrap-anywhere text-slate-900">{op.path}</code>
        <span className="text-slate-700">{op.summary}</span>
      </h3>
      {op.description ? (
        <p className="mt-2 text-sm text-slate-700">
          <Described text={op.description} />
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        <span className="font-medium text-slate-900">Authentication: </span>
        <span className="text-slate-700">{authText(op.security)}</span>
      </p>
      {op.parameters?.length ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Parameters</h4>
          <div
            tabIndex={0}
            role="region"
            aria-label={`Parameters of ${op.method.toUpperCase()} ${op.path}`}
            className="overflow-x-auto"
          >
            <table className="mt-1 w-full text-left text-sm">
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-1 pr-3 font-medium">Name</th>
                  <th className="py-1 pr-3 font-medium">In</th>
                  <th className="py-1 pr-3 font-medium">Type</th>
                  <th className="py-1 font-medium">Description</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}:${p.name}`} className="border-t border-slate-100 align-top">
                    <td className="py-1 pr-3">
                      <code className="font-semibold">{p.name}</code>
                      {p.required ? <span className="ml-1 text-xs text-rose-700">required</span> : null}
                    </td>
                    <td className="py-1 pr-3 text-slate-600">{p.in}</td>
                    <td className="py-1 pr-3">
                      <code>{p.schema ? typeLabel(p.schema) : 'string'}</code>
                      {p.schema?.pattern ? (
                        <div className="text-xs text-slate-500">pattern {p.schema.pattern}</div>
                      ) : null}
                    </td>
                    <td className="py-1 text-slate-600">{p.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {body ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">
            Request body <code className="ml-1 text-xs font-normal text-slate-500">{body[0]}</code>
          </h4>
          {body[1].schema ? <SchemaView schema={body[1].schema} /> : null}
        </div>
      ) : null}
      <div className="mt-4">
        <h4 className="text-sm font-semibold text-slate-900">Responses</h4>
        <ul className="mt-1 space-y-2">
          {Object.entries(op.responses).map(([status, response]) => {
            const content = response.content && Object.entries(response.content)[0]
            return (
              <li key={status} className="text-sm">
                <details>
                  <summary className="cursor-pointer">
                    <code className={`font-semibold ${status.startsWith('2') ? 'text-emerald-800' : 'text-rose-800'}`}>
                      {status}
                    </code>{' '}
                    <span className="text-slate-700">
                      <Described text={response.description} />
                    </span>
                    {content ? <code className="ml-2 text-xs text-slate-500">{content[0]}</code> : null}
                  </summary>
                  {content?.[1].schema ? (
                    <div className="mt-2 rounded bg-slate-50 p-3">
                      <SchemaView schema={content[1].schema} />
                    </div>
                  ) : null}
                </details>
              </li>
            )
          })}
        </ul>
      </div>
      {op['x-codeSamples']?.map((sample) => (
        <div key={sample.lang} className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Example ({sample.lang})</h4>
          {/* Focusable, so a keyboard can scroll a long example sideways. */}
          <pre
            tabIndex={0}
            className="mt-1 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100"
          >
            <code>{sample.source}</code>
          </pre>
        </div>
      ))}
    </section>
  )
}

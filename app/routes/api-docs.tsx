import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { anchorFor, OperationView, type Operation } from '../components/api-docs/operation'
import { RouteErrorBoundary } from '../components/route-error-boundary'
import { openApiDocument } from '../api/openapi.server'

export const meta: MetaFunction = () => [
  { title: 'API Docs | QFill' },
  {
    name: 'description',
    content: 'The QFill HTTP API: submit a questionnaire, poll, download and delete, with curl examples.',
  },
]

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** /api-docs: the OpenAPI document rendered on the server (no script, no CDN), grouped by tag. */
export function loader() {
  const doc = openApiDocument()
  const operations: (Operation & { tag: string })[] = []
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, unknown>)[method] as
        (Omit<Operation, 'method' | 'path'> & { tags?: string[] }) | undefined
      if (op)
        operations.push({ ...op, responses: resolved(doc, op.responses), method, path, tag: op.tags?.[0] ?? 'Other' })
    }
  }
  const tags = (doc.tags ?? []).map((t) => t.name)
  return {
    title: doc.info.title,
    description: doc.info.description ?? '',
    groups: tags.map((tag) => ({ tag, operations: operations.filter((o) => o.tag === tag) })),
  }
}

/** Shared responses (the 429 of every operation) are references into components.responses: shown in full. */
function resolved(doc: ReturnType<typeof openApiDocument>, responses: Operation['responses']): Operation['responses'] {
  const shared = (doc.components?.responses ?? {}) as Record<string, Operation['responses'][string]>
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]) => {
      const ref = (r as { $ref?: string }).$ref
      return [status, ref ? (shared[ref.replace('#/components/responses/', '')] ?? r) : r]
    }),
  )
}

export default function ApiDocs() {
  const { title, description, groups } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="Endpoints" className="text-sm lg:sticky lg:top-6 lg:self-start">
        {groups.map((g) => (
          <div key={g.tag} className="mb-4">
            <a href={`#tag-${g.tag}`} className="font-semibold text-slate-900">
              {g.tag}
            </a>
            <ul className="mt-1 space-y-1">
              {g.operations.map((op) => (
                <li key={anchorFor(op)}>
                  <a href={`#${anchorFor(op)}`} className="text-slate-600 hover:text-brand-700">
                    <span className="mr-1 font-mono text-xs uppercase">{op.method}</span>
                    {op.path}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <a href="/api/openapi.json" className="font-medium text-brand-700 underline">
          OpenAPI 3.1 document (JSON)
        </a>
      </nav>
      <div className="min-w-0">
        <h1 className="text-3xl font-semibold text-slate-900">{title}</h1>
        {description.split('\n\n').map((paragraph) => (
          <p key={paragraph.slice(0, 40)} className="mt-3 max-w-3xl text-slate-700">
            {paragraph.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}
          </p>
        ))}
        <div className="mt-4 max-w-3xl rounded-md border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          <p className="font-medium">Quick start</p>
          <p className="mt-1">
            Send a questionnaire and evidence to <code>POST /api/fill</code>, poll{' '}
            <code>GET /api/status/&#123;jobId&#125;</code> until the status is
            <code> completed</code>, download <code>/api/result/&#123;jobId&#125;/xlsx</code> and <code>pdf</code>, then
            delete with
            <code> DELETE /api/delete-files/&#123;jobId&#125;</code> (files are deleted 1 hour after completion anyway).
            In the examples,
            <code> QFILL_URL</code> is this site and <code>QFILL_TOKEN</code> your access token.
          </p>
        </div>
        {groups.map((g) => (
          <section key={g.tag} id={`tag-${g.tag}`} aria-labelledby={`tag-${g.tag}-title`} className="mt-10">
            <h2 id={`tag-${g.tag}-title`} className="text-2xl font-semibold text-slate-900">
              {g.tag}
            </h2>
            <div className="mt-4 space-y-6">
              {g.operations.map((op) => (
                <OperationView key={anchorFor(op)} op={op} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary

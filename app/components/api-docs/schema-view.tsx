/** A JSON Schema (as OpenAPI 3.1 writes it) shown as a readable tree: names, types, required, constraints. */
export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  description?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  nullable?: boolean
  additionalProperties?: boolean | JsonSchema
}

export function typeLabel(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.oneOf || schema.anyOf) return 'one of'
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const label = types
    .map((t) =>
      t === 'array' && schema.items
        ? `${typeLabel(schema.items)}[]`
        : t === 'string' && schema.format
          ? `string (${schema.format})`
          : t,
    )
    .join(' | ')
  return label || 'any'
}

function constraints(schema: JsonSchema): string[] {
  const out: string[] = []
  if (schema.pattern) out.push(`pattern ${schema.pattern}`)
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`)
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`)
  if (schema.minLength !== undefined) out.push(`at least ${schema.minLength} characters`)
  if (schema.maxLength !== undefined) out.push(`at most ${schema.maxLength} characters`)
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`)
  return out
}

export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const variants = schema.oneOf ?? schema.anyOf
  if (variants) {
    return (
      <ol className="space-y-2">
        {variants.map((variant, i) => (
          <li key={i} className="rounded border border-slate-200 p-2">
            <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Variant {i + 1}</p>
            <SchemaView schema={variant} depth={depth + 1} />
          </li>
        ))}
      </ol>
    )
  }
  const object = schema.properties ? schema : schema.items?.properties ? schema.items : null
  if (!object?.properties) {
    return (
      <p className="text-sm">
        <code className="text-slate-800">{typeLabel(schema)}</code>
        {schema.description ? <span className="ml-2 text-slate-600">{schema.description}</span> : null}
      </p>
    )
  }
  // A <dl> holds only dt/dd groups: the "array of" caption sits before it.
  return (
    <div className={depth ? 'ml-4 border-l border-slate-200 pl-3' : ''}>
      {object !== schema ? <p className="text-sm text-slate-600">An array of:</p> : null}
      <dl>
        {Object.entries(object.properties).map(([name, prop]) => (
          <div key={name} className="py-1.5">
            <dt className="text-sm">
              <code className="font-semibold text-slate-900">{name}</code>{' '}
              <code className="text-slate-600">{typeLabel(prop)}</code>
              {object.required?.includes(name) ? (
                <span className="ml-2 text-xs font-medium text-rose-700">required</span>
              ) : null}
            </dt>
            <dd className="text-sm text-slate-600">
              {prop.description ? <p>{prop.description}</p> : null}
              {constraints(prop).length ? (
                <p className="text-xs text-slate-500">{constraints(prop).join(', ')}</p>
              ) : null}
              {prop.properties || prop.items?.properties || prop.oneOf ? (
                <SchemaView schema={prop} depth={depth + 1} />
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

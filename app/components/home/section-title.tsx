/** A home section's heading: eyebrow, title and lead, centred. */
export function SectionTitle({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string
  eyebrow: string
  title: string
  lead: string
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg leading-8 text-slate-600">{lead}</p>
    </div>
  )
}

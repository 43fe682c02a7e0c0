/** A message in both forms every mail client can show. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The access token the message carries, if any: sent only by SMTP, never stored in the clear (transport.server.ts). */
  token?: string
}

const PLAN_NAMES: Record<string, string> = {
  trial: 'Free Trial',
  single: 'Pay Per Use',
  starter: 'Starter Plan',
  pro: 'Professional Plan',
  monthly: 'Professional Plan',
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

function describeLimits(input: { quota: number | null; expiresAt: Date | null }): string {
  const amount =
    input.quota === null ? 'unlimited questionnaires' : `${input.quota} questionnaire${input.quota === 1 ? '' : 's'}`
  return input.expiresAt ? `${amount}, valid until ${input.expiresAt.toUTCString()}` : amount
}

/** The e-mail that carries a new access token (trial or purchase). The token appears only in the message body. */
export function tokenEmail(input: {
  to: string
  token: string
  plan: string
  quota: number | null
  expiresAt: Date | null
  baseUrl: string
}): MailMessage {
  const plan = PLAN_NAMES[input.plan] ?? input.plan
  const uploadUrl = `${input.baseUrl}/upload?token=${encodeURIComponent(input.token)}`
  const statusUrl = `${input.baseUrl}/token-status`
  const limits = describeLimits(input)
  const text = [
    `Your QFill access token (${plan}, ${limits}):`,
    '',
    `    ${input.token}`,
    '',
    `Start here: ${uploadUrl}`,
    `Check your usage and earlier results: ${statusUrl}`,
    '',
    'Keep this token private: whoever holds it can use your questionnaires and see their results.',
    'Uploaded files and results are deleted 1 hour after processing.',
    '',
    'QFill',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">Your QFill access token</h1>
<p style="margin:0 0 12px">${escapeHtml(plan)}: ${escapeHtml(limits)}.</p>
<p style="margin:0 0 16px"><code style="display:block;padding:12px;background:#f1f5f9;border-radius:6px;font-size:14px;word-break:break-all">${escapeHtml(input.token)}</code></p>
<p style="margin:0 0 16px"><a href="${escapeHtml(uploadUrl)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Upload a questionnaire</a></p>
<p style="margin:0 0 12px">Check your usage and earlier results on <a href="${escapeHtml(statusUrl)}">${escapeHtml(statusUrl)}</a>.</p>
<p style="margin:0;color:#475569;font-size:13px">Keep this token private: whoever holds it can use your questionnaires and see their results. Uploaded files and results are deleted 1 hour after processing.</p>
</body></html>`
  return { to: input.to, subject: `Your QFill access token (${plan})`, text, html, token: input.token }
}

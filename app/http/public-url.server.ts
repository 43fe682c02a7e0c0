/** Where links in e-mails and Stripe redirects point: PUBLIC_URL, else the origin the request came to. */
export function baseUrl(request: Request, publicUrl: string | undefined): string {
  return (publicUrl ?? new URL(request.url).origin).replace(/\/+$/, '')
}

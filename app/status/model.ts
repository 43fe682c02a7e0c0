/** The status page's model, shared by the checks (server) and the page. No server imports here. */
export type ServiceState = 'operational' | 'degraded' | 'down' | 'not_configured'
export type OverallState = 'operational' | 'degraded' | 'down'

export interface ServiceStatus {
  name: 'Web Application' | 'AI Processing' | 'File Storage' | 'Payment Processing' | 'Email Delivery' | 'Database'
  status: ServiceState
  description: string
  /** Badge text when the state's usual label would mislead (Email Delivery in local mode: 'Outbox'). */
  label?: string
  /** How long the check took, measured now; null when nothing was contacted (a service that is not configured). */
  responseTimeMs: number | null
}

export const SERVICE_ORDER: ServiceStatus['name'][] = [
  'Web Application',
  'AI Processing',
  'File Storage',
  'Payment Processing',
  'Email Delivery',
  'Database',
]

/**
 * The spec's rule: operational if all services are, down if any is down, otherwise degraded. A service the
 * operator chose not to configure (payments or SMTP in local mode) is a deliberate set-up, not a fault.
 */
export function overallState(services: Pick<ServiceStatus, 'status'>[]): OverallState {
  if (services.some((s) => s.status === 'down')) return 'down'
  if (services.some((s) => s.status === 'degraded')) return 'degraded'
  return 'operational'
}

export const OVERALL_LABELS: Record<OverallState, string> = {
  operational: 'All Systems Operational',
  degraded: 'Some Systems Degraded',
  down: 'Major Outage',
}

export const STATE_LABELS: Record<ServiceState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  not_configured: 'Not configured',
}

import type { ApiRouteDoc } from '../contract'
import { accessRoutes } from './access'
import { answersRoutes } from './answers'
import { jobRoutes } from './jobs'
import { systemRoutes } from './system'

/**
 * Every area's endpoints, in the order /api-docs shows their tags. An area that adds endpoints adds its module's
 * `ApiRouteDoc[]` here.
 */
export const apiModules: { name: string; routes: ApiRouteDoc[] }[] = [
  { name: 'jobs', routes: jobRoutes },
  { name: 'answers', routes: answersRoutes },
  { name: 'access', routes: accessRoutes },
  { name: 'system', routes: systemRoutes },
]

export const allApiRoutes: ApiRouteDoc[] = apiModules.flatMap((m) => m.routes)

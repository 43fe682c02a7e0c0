import { methodNotAllowed } from '../api/errors'
import { openApiDocument } from '../api/openapi.server'
import { apiJson } from '../api/route.server'

/** GET /api/openapi.json: the OpenAPI 3.1 document generated from app/api/schemas/. */
export function loader() {
  return apiJson(openApiDocument(), {
    headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' },
  })
}

export const action = () => methodNotAllowed(['GET'])

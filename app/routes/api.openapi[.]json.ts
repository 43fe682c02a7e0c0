import { methodNotAllowed } from '../api/errors.server'
import { openApiDocument } from '../api/openapi.server'

/** GET /api/openapi.json: the OpenAPI 3.1 document generated from app/api/schemas/. */
export function loader() {
  return Response.json(openApiDocument(), {
    headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' },
  })
}

export const action = () => methodNotAllowed(['GET'])

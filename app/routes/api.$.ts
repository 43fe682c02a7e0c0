import { apiError } from '../api/errors'

/** Any /api/* path no route answers: a JSON 404 (not the HTML page), whatever the method. */
export const loader = () => apiError('not_found')
export const action = () => apiError('not_found')

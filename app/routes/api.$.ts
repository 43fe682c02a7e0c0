import { notFound } from '../api/errors.server'

/** Any /api/* path no route answers: a JSON 404 (not the HTML page), whatever the method. */
export const loader = () => notFound()
export const action = () => notFound()

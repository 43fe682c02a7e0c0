import { createContext, useContext } from 'react'

/**
 * The CSP nonce of the current response (ADR 012). entry.server.tsx provides it while rendering; in the browser it
 * is empty (browsers hide nonces from the DOM, and hydration never re-runs inline scripts).
 */
export const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)

import { useEffect } from 'react'

/** What a key press does on the review screen (outside text fields): the keys listed in its key hints. */
export type KeyAction =
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'choose'; n: number }
  | { kind: 'accept' }
  | { kind: 'undo' }
  | { kind: 'search' }
  | { kind: 'leave-field' }

interface KeyLike {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  defaultPrevented: boolean
  /** The event's target is a field, button or link: keys there keep their own meaning (Escape leaves it). */
  inControl: boolean
}

export function keyAction(e: KeyLike): KeyAction | null {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return null
  if (e.inControl) return e.key === 'Escape' ? { kind: 'leave-field' } : null
  if (e.key === 'j' || e.key === 'ArrowDown') return { kind: 'move', by: 1 }
  if (e.key === 'k' || e.key === 'ArrowUp') return { kind: 'move', by: -1 }
  if (/^[1-9]$/.test(e.key)) return { kind: 'choose', n: Number(e.key) }
  if (e.key === 'Enter') return { kind: 'accept' }
  if (e.key === 'u') return { kind: 'undo' }
  if (e.key === '/') return { kind: 'search' }
  return null
}

/** Listens on the document while mounted; `run` gets each action (the screen knows the active row). */
export function useReviewKeys(run: (action: KeyAction) => void) {
  useEffect(() => {
    function onKey(ev: KeyboardEvent) {
      const target = ev.target as HTMLElement
      const action = keyAction({
        key: ev.key,
        altKey: ev.altKey,
        ctrlKey: ev.ctrlKey,
        metaKey: ev.metaKey,
        defaultPrevented: ev.defaultPrevented,
        inControl: Boolean(target.closest?.('input, textarea, select, button, a, summary')),
      })
      if (!action) return
      run(action)
      if (action.kind !== 'leave-field') ev.preventDefault()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [run])
}

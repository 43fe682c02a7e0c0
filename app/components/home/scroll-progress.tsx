import { useEffect, useState } from 'react'

/** A thin bar at the very top showing how far the page is scrolled (JavaScript only; decorative). */
export function ScrollProgress() {
  const [ratio, setRatio] = useState(0)
  useEffect(() => {
    const update = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight
      setRatio(max > 0 ? Math.min(1, window.scrollY / max) : 0)
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [])
  return (
    <div aria-hidden className="fixed inset-x-0 top-0 z-[55] h-1 bg-transparent">
      <div
        data-testid="scroll-progress"
        className="h-full origin-left bg-brand-600"
        style={{ transform: `scaleX(${ratio})` }}
      />
    </div>
  )
}

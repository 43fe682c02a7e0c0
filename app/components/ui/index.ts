/** QFill's UI primitives. Import from '~/components/ui' (or a relative path); see each file's header for usage. */
export { Badge, type BadgeTone } from './badge'
export { Button, ButtonLink, buttonClass, type ButtonSize, type ButtonVariant } from './button'
export { Card } from './card'
export { ConfirmDeleteDialog } from './confirm-delete'
export { Dialog } from './dialog'
export { Field, inputClass } from './field'
export { Notice, ProblemList, type NoticeTone, type Problem } from './notice'
export { PageHeader, Section } from './page'

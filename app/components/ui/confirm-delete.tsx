import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, buttonClass } from './button'
import { Dialog } from './dialog'

/**
 * "Delete ...?": the danger dialog every delete goes through (a job's files, a questionnaire in a list). A form that
 * posts intent=delete with the given fields; its Cancel is a link to `cancelHref`, so without JavaScript it leaves the
 * page's ?confirm-delete state, and with JavaScript it closes the modal.
 */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  description,
  cancelHref,
  action,
  fields = {},
  busy,
  label,
}: {
  open: boolean
  onClose(): void
  title: string
  description: ReactNode
  cancelHref: string
  /** The route the form posts to; the page's own route when absent. */
  action?: string
  /** Hidden fields sent with intent=delete. */
  fields?: Record<string, string>
  /** This delete is being submitted: the button says so and cannot be pressed twice. */
  busy: boolean
  /** The button's label ("Delete Files"). */
  label: string
}) {
  return (
    <Dialog open={open} onClose={onClose} tone="danger" id="delete-dialog" title={title} description={description}>
      <Form method="post" action={action} className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <a
          href={cancelHref}
          data-autofocus
          autoFocus
          className={buttonClass('secondary')}
          onClick={(e) => {
            e.preventDefault()
            onClose()
          }}
        >
          Cancel
        </a>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? 'Deleting...' : label}
        </Button>
      </Form>
    </Dialog>
  )
}

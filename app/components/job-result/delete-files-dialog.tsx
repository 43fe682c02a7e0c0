import { Form, useNavigation } from '@remix-run/react'
import { Button, buttonClass, Dialog } from '../ui'

/**
 * 'Delete Files Immediately?': with JavaScript a modal (focus inside, Tab kept in, Escape closes); without it the
 * page's ?confirm-delete=1 state, reached by a link to #delete-dialog so the next Tab lands in it.
 */
export function DeleteFilesDialog({ jobId, open, onClose }: { jobId: string; open: boolean; onClose(): void }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      id="delete-dialog"
      title="Delete Files Immediately?"
      description={`Are you sure you want to delete all files for job ${jobId}? This action cannot be undone. Your completed questionnaire and executive summary will be permanently deleted.`}
    >
      <Form method="post" className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <a
          href={`/jobs/${jobId}`}
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
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="danger" disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete Files'}
        </Button>
      </Form>
    </Dialog>
  )
}

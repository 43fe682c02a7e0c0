import { useNavigation } from '@remix-run/react'
import { ConfirmDeleteDialog } from '../ui'

/**
 * 'Delete Files Immediately?': with JavaScript a modal (focus inside, Tab kept in, Escape closes); without it the
 * page's ?confirm-delete=1 state, reached by a link to #delete-dialog so the next Tab lands in it.
 */
export function DeleteFilesDialog({ jobId, open, onClose }: { jobId: string; open: boolean; onClose(): void }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title="Delete Files Immediately?"
      description={`Are you sure you want to delete all files for job ${jobId}? This action cannot be undone. Your completed questionnaire and executive summary will be permanently deleted.`}
      cancelHref={`/jobs/${jobId}`}
      busy={deleting}
      label="Delete Files"
    />
  )
}

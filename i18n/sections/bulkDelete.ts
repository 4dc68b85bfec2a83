/** The console's bulk deletion: its dialog, its progress and its outcome in counts (admin/providers/bulkDelete.ts). */
export const bulkDelete = {
  title: 'Delete {count} selected',
  content:
    '{count, plural, one {Are you sure you want to delete this item?} other {Are you sure you want to delete these # items?}}',
  confirm: 'Confirm',
  progress: 'Deleted {done} of {count}…',
  deleted: '{count} deleted',
  gone: '{count, plural, one {# was already deleted} other {# were already deleted}}',
  refused: '{count, plural, one {# was not deleted} other {# were not deleted}} ({names}): {reason}',
};

/**
 * The console's words for a list or record that did not load (admin/resources/LoadFailed.tsx), under `admin.loadFailed`:
 * what did not load and why (no answer, or the server's failure), never told as empty or gone. Beside them, under
 * `admin.recordChanged`, the words of an edit form whose record was read again changed (admin/resources/RecordChanged.tsx).
 */
export const loadFailed = {
  list: 'Could not load the {label}',
  record: 'Could not load this {label}',
  offline: 'The server could not be reached: check your connection, then try again.',
  server: 'The server ran into a problem. Try again in a moment.',
  retry: 'Try again',
};

/** An edit form's record read again after someone changed it on the server (admin/resources/RecordChanged.tsx). */
export const recordChanged = {
  title: 'This record changed on the server after you opened it.',
  kept: 'Your unsaved changes are kept; the fields you did not change show the new version. Saving writes your changes over it.',
  shown: 'The form shows it as it is now.',
  discard: 'Discard my changes',
  dismiss: 'Dismiss',
};

/**
 * A save refused because the record changed after its form was read (backend/crud/staleness.ts), under `errors`:
 * the message of the 409 and the console's notice with its way to reload.
 */
export const staleWriteErrors = {
  changedMeanwhile:
    'Someone changed this record after you opened it. Reload it to see the current version, then make your change again.',
  changedTitle: 'This record changed meanwhile',
  reload: 'Reload',
  keepEditing: 'Keep editing',
};

/**
 * A save refused because the record changed after its form was read (backend/crud/staleness.ts), under `errors`:
 * the message of the 409 and the console's notice with its way to reload. Also a call whose answer never arrived (the
 * connection dropped, ui/api/client.ts): the change may or may not have been made, which is not a fault of the server.
 */
export const staleWriteErrors = {
  changedMeanwhile:
    'Someone changed this record after you opened it. Reload it to see the current version, then make your change again.',
  changedTitle: 'This record changed meanwhile',
  reload: 'Reload',
  keepEditing: 'Keep editing',
  connectionLost:
    'You seem to be offline or the connection dropped, so your change may not have been saved. Check, then try again.',
};

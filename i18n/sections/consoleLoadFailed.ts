/**
 * The console's words for a list or record that did not load (admin/resources/LoadFailed.tsx), under `admin.loadFailed`:
 * what did not load and why (no answer, or the server's failure), never told as empty or gone.
 */
export const loadFailed = {
  list: 'Could not load the {label}',
  record: 'Could not load this {label}',
  offline: 'The server could not be reached: check your connection, then try again.',
  server: 'The server ran into a problem. Try again in a moment.',
  retry: 'Try again',
};

/**
 * The console's bulk status change: its dialog and its outcome in the server's counts (admin/providers/bulkStatus.ts),
 * on every list, the talent list's included.
 */
export const bulkStatus = {
  button: 'Change status',
  title: 'Change the status of {count} selected',
  apply: 'Apply',
  changed: '{count} changed',
  already: '{count} already {status}',
  gone: '{count, plural, one {# no longer exists} other {# no longer exist}}',
};

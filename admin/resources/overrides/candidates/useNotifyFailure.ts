import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { t } from '../../../../i18n';

/** A failed call shown as an error notification with its message (already in words). */
export function useNotifyFailure() {
  const notify = useNotify();
  return useCallback(
    (err: unknown) =>
      notify(err instanceof Error && err.message ? err.message : t('errors.internalServerError'), { type: 'error' }),
    [notify],
  );
}

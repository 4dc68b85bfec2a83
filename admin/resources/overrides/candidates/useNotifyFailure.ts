import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { t } from '../../../../i18n';
import { connectionLostText, isNoAnswer } from '../../../providers/http';

/**
 * A failed call shown as an error notification with its message (already in words); a call that got no answer (fetch's
 * TypeError, 'Failed to fetch') as the lost connection it is.
 */
export function useNotifyFailure() {
  const notify = useNotify();
  return useCallback(
    (err: unknown) =>
      notify(
        isNoAnswer(err)
          ? connectionLostText()
          : err instanceof Error && err.message
            ? err.message
            : t('errors.internalServerError'),
        { type: 'error' },
      ),
    [notify],
  );
}

/**
 * A read that failed, said as an error with a button that reads again beside it: the one way the portal's lists and
 * panels offer a retry instead of showing a failure as an empty list.
 */
import { Alert, Button, type AlertProps } from '@mui/material';
import { t } from '../../i18n';

export function RetryAlert({
  onRetry,
  retryLabel,
  children,
  ...alert
}: Omit<AlertProps, 'action' | 'severity'> & { onRetry(): void; /** Default: "Try again". */ retryLabel?: string }) {
  return (
    <Alert
      severity="error"
      {...alert}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel ?? t('portal.common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** A confirmation before a destructive or important action. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { t } from '../../i18n';

interface Props {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The way back, "Cancel" unless told (e.g. "Keep editing"). */
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
  children?: ReactNode;
  /** Room for a form inside (e.g. choosing who receives a removed user's projects). */
  wide?: boolean;
  /** A second way forward beside the confirmation (e.g. "Move without guarantee"). */
  alternative?: { label: string; onClick(): void };
  /** The confirmation alone cannot be pressed (e.g. a charge the balance does not cover); Cancel and the alternative can. */
  confirmDisabled?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive,
  busy,
  onConfirm,
  onClose,
  children,
  wide,
  alternative,
  confirmDisabled,
}: Props) {
  // Its own id: a confirmation opened over another (Discard what you entered?) is named by its own title.
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth={wide ? 'sm' : 'xs'}
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {cancelLabel ?? t('portal.common.cancel')}
        </Button>
        {alternative && (
          <Button onClick={alternative.onClick} disabled={busy}>
            {alternative.label}
          </Button>
        )}
        <Button
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

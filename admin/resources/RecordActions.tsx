/**
 * What an override's actions on a record share, in its list row and on its page: a box whose clicks
 * stay in it, a dialog asking for one text (a reason, a value to write), and a POST to one of the
 * record's actions that says how it went and refreshes the screen. The server decides.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { apiCall, failureMessage } from '../providers/http';

/**
 * Clicks inside (the buttons, and the dialogs React bubbles through their portals) stay here, so a
 * list row does not open the record underneath.
 */
export function Contained({ children }: { children: ReactNode }) {
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <span onClick={stop} onKeyDown={(e) => e.stopPropagation()} role="presentation">
      {children}
    </span>
  );
}

interface Outcome {
  /** The success notification's words. */
  done: string;
  /** Whether the call is sent from a dialog, where a refusal is shown (`error`) rather than notified. */
  inDialog: boolean;
  /** What the screen does on success before it refreshes (close the dialog). */
  onDone?: () => void;
}

/** A POST to one of a record's actions (`post(path, body, outcome)`), `busy` while it runs. */
export function useRecordAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const post = async (path: string, body: Record<string, unknown>, { done, inDialog, onDone }: Outcome) => {
    setBusy(true);
    setError(undefined);
    try {
      await apiCall(path, { method: 'POST', body });
      notify(done, { type: 'success' });
      onDone?.();
      refresh();
    } catch (err) {
      if (inDialog) setError(failureMessage(err));
      else notify(failureMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, post };
}

interface TextDialogProps {
  open: boolean;
  busy: boolean;
  title: string;
  /** The text field's label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A refusal's words, under the field. */
  error?: string;
  /** The labels of the button that closes the dialog and of the one that sends. */
  back: string;
  submit: string;
  onClose: () => void;
  onSubmit: () => void;
}

/** A dialog asking for one text before an action is sent; it stays open while the call runs. */
export function TextDialog(props: TextDialogProps) {
  const { open, busy, title, label, value, onChange, error, back, submit, onClose, onSubmit } = props;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={!!error}
          helperText={error}
          multiline
          minRows={2}
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {back}
        </Button>
        <Button variant="contained" onClick={onSubmit} disabled={busy}>
          {submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Snackbars at the top right, as the spec places them (ui/snackbar.ts, shared with the console): over the top bar's
 * right end, so the page's own buttons below it (a project's Settings and Share) stay free to click; one at a time,
 * each auto-hiding after 6000 ms with its severity.
 * A message that comes while another shows lets that one finish its first 1.5 seconds, then takes its place, rather
 * than waiting out the other's 6 seconds (Material's consecutive snackbars); the same message again is not repeated.
 */
import { Alert, Snackbar } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SNACKBAR_ANCHOR, SNACKBAR_OFFSET } from '../../ui/snackbar';
import { NotifyContext, SNACKBAR_HIDE_MS, type Severity } from './notify';

interface Message {
  id: number;
  text: string;
  severity: Severity;
}

/** How long a message shows before a newer one may take its place. */
const MIN_SHOW_MS = 1500;

let nextId = 1;

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Message[]>([]);
  const [open, setOpen] = useState(false);
  const shownAt = useRef(0);
  const current = queue[0];
  const currentId = current?.id;
  const waiting = queue.length > 1;

  const notify = useCallback((text: string, severity: Severity = 'info') => {
    setQueue((q) =>
      q.some((m) => m.text === text && m.severity === severity) ? q : [...q, { id: nextId++, text, severity }],
    );
  }, []);

  // Each message opens as it comes to the front of the queue.
  useEffect(() => {
    if (currentId === undefined) return;
    shownAt.current = Date.now();
    setOpen(true);
  }, [currentId]);

  // A newer message waits: the one showing closes once it has shown for MIN_SHOW_MS.
  useEffect(() => {
    if (!open || !waiting) return;
    const timer = setTimeout(() => setOpen(false), Math.max(0, shownAt.current + MIN_SHOW_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [open, waiting]);

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={SNACKBAR_HIDE_MS}
          onClose={close}
          anchorOrigin={SNACKBAR_ANCHOR}
          sx={SNACKBAR_OFFSET}
          slotProps={{ transition: { onExited: () => setQueue((q) => q.slice(1)) } }}
        >
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={close}
            sx={{ width: '100%', minWidth: 280, boxShadow: 3 }}
            data-testid="snackbar"
          >
            {current.text}
          </Alert>
        </Snackbar>
      )}
    </NotifyContext.Provider>
  );
}

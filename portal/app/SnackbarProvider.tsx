/**
 * Snackbars at the bottom centre, where the console (react-admin) shows its own, clear of the top bar and the
 * page's own buttons (a project's Settings and Share), one at a time, each auto-hiding after 6000 ms with its severity.
 * A message that comes while another shows closes that one, so the newest shows at once rather than after the
 * other's 6 seconds (Material's consecutive snackbars); the same message again is not repeated.
 */
import { Alert, Snackbar } from '@mui/material';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { NotifyContext, SNACKBAR_HIDE_MS, type Severity } from './notify';

interface Message {
  id: number;
  text: string;
  severity: Severity;
}

let nextId = 1;

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Message[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const queued = useRef<Message[]>([]);
  const setQueued = (q: Message[]) => {
    queued.current = q;
    setQueue(q);
  };

  const notify = useCallback((text: string, severity: Severity = 'info') => {
    const q = queued.current;
    if (q.some((m) => m.text === text && m.severity === severity)) return;
    setQueued([...q, { id: nextId++, text, severity }]);
    // The one showing makes way: it closes now, and the next shows once it has gone.
    setOpen(q.length === 0);
  }, []);

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
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{
            transition: {
              onExited: () => {
                setQueued(queued.current.slice(1));
                setOpen(true);
              },
            },
          }}
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

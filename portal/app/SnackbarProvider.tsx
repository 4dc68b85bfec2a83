/**
 * Snackbars at the bottom centre, where the console (react-admin) shows its own, clear of the top bar and the
 * page's own buttons (a project's Settings and Share), one at a time from a queue, each auto-hiding after 6000 ms with its severity.
 */
import { Alert, Snackbar } from '@mui/material';
import { useCallback, useState, type ReactNode } from 'react';
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

  const notify = useCallback((text: string, severity: Severity = 'info') => {
    setQueue((q) =>
      q.some((m) => m.text === text && m.severity === severity) ? q : [...q, { id: nextId++, text, severity }],
    );
    setOpen(true);
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
                setQueue((q) => q.slice(1));
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

/**
 * Code loaded on demand (a page, a dialog, a drawer, a chart) after a deploy replaced it: the server no longer has
 * the old chunk (backend/http/staticAssets.ts answers 404) and the dynamic import fails. The part that asked for it
 * (`OnDemand`, a Suspense inside a boundary) shows nothing and the page around it stays; one notice
 * (`NewVersionNotice`, mounted once by the app) says a new version is available, with a Reload button. Vite's own
 * `vite:preloadError` event (a failed preload or import of a chunk) raises the same notice. Unlike the snackbars'
 * top right (ui/snackbar.ts) it sits at the bottom: it stays until dismissed, and there it covers no top-bar button. Any other error goes on to
 * the boundary above.
 */
import { Alert, Button, Snackbar } from '@mui/material';
import { Component, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { t } from '../../i18n';

/** The browsers' words for a module that could not be fetched (Chromium, Firefox, Safari) and Vite's for a style. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS/i;

/** Whether `err` is a failed fetch of code loaded on demand. */
export const isChunkLoadError = (err: unknown): boolean =>
  err instanceof Error && (err.name === 'ChunkLoadError' || CHUNK_FAILURE.test(err.message));

let announced = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Raises the notice that the code on the server is newer than this page's. */
export function announceNewVersion(): void {
  if (announced) return;
  announced = true;
  listeners.forEach((l) => l());
}

/** The notice, and the listener for Vite's `vite:preloadError`; mounted once, around the routes. */
export function NewVersionNotice() {
  const shown = useSyncExternalStore(subscribe, () => announced);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const onPreloadError = () => announceNewVersion();
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
  return (
    <Snackbar open={shown && !dismissed} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        data-testid="new-version"
        closeText={t('portal.errorScreen.dismiss')}
        onClose={() => setDismissed(true)}
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('portal.errorScreen.reloadShort')}
          </Button>
        }
      >
        {t('portal.errorScreen.newVersion')}
      </Alert>
    </Snackbar>
  );
}

interface State {
  error?: Error;
}

/**
 * Keeps the page when its part's code failed to load (showing nothing in its place); other errors go on up. A new
 * `resetKey` (the route frame's address) clears a failure, so the next page opened is loaded rather than left blank.
 */
export class LoadBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey?: unknown }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error) {
    if (isChunkLoadError(error)) announceNewVersion();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return null;
    throw error;
  }
}

/**
 * A part whose code loads on demand: `fallback` while it loads, nothing (and the notice) if it cannot, until
 * `resetKey` changes (a page frame passes its address: the next page is loaded afresh).
 */
export function OnDemand({
  fallback = null,
  resetKey,
  children,
}: {
  fallback?: ReactNode;
  resetKey?: unknown;
  children: ReactNode;
}) {
  return (
    <LoadBoundary resetKey={resetKey}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadBoundary>
  );
}

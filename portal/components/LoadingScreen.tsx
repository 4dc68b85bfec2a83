/**
 * A centred spinner for pages and the start-up session check. The space is held at once; the spinner itself turns
 * up only when the wait passes SPINNER_DELAY_MS: most waits end sooner, and a spinner flashed for a moment is noise
 * to the eye and, while it turns, a frame to draw every 16 ms (its arc is not an animation the compositor can run
 * alone) on the phone that is busy drawing the page it waits for.
 */
import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../i18n';

const SPINNER_DELAY_MS = 500;

export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullPage ? '100vh' : 240 }}
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
    >
      {late && <CircularProgress aria-label={t('portal.common.loading')} />}
    </Box>
  );
}

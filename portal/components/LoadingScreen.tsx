/** A centred spinner for pages and the start-up session check. */
import { Box, CircularProgress } from '@mui/material';
import { t } from '../../i18n';

export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullPage ? '100vh' : 240 }}
      role="status"
      aria-live="polite"
    >
      <CircularProgress aria-label={t('portal.common.loading')} />
    </Box>
  );
}

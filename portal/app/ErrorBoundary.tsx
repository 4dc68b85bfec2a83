/**
 * The global error screen: the error's message, or 'Looks like something went wrong...!'; code that could not be
 * loaded (a deploy replaced it, components/OnDemand.tsx) gets that generic heading and says a new version is there.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../../i18n';
import { isChunkLoadError } from '../components/OnDemand';

interface State {
  error?: Error;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const stale = isChunkLoadError(this.state.error);
    return (
      <Box
        sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}
        role="alert"
      >
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
          <ReportProblemOutlined color="error" sx={{ fontSize: 56 }} />
          <Typography variant="h2">{(!stale && this.state.error.message) || t('errors.generic')}</Typography>
          <Typography color="text.secondary">
            {t(stale ? 'portal.errorScreen.newVersion' : 'portal.errorScreen.help')}
          </Typography>
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('portal.errorScreen.reload')}
            </Button>
            <Button variant="outlined" href="/">
              {t('portal.errorScreen.goHome')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    );
  }
}

/** The catch-all: 'Page Not Found' with a GO HOME action. */
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { PATHS } from '../../app/paths';
import { t } from '../../../i18n';

export function NotFoundPage() {
  return (
    <PublicLayout maxWidth="sm">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, md: 10 } }}>
        <Typography
          sx={{
            fontSize: { xs: 88, md: 120 },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            letterSpacing: '-0.05em',
          }}
          aria-hidden
        >
          404
        </Typography>
        <Typography variant="h1" component="h1">
          {t('errors.pageNotFound')}
        </Typography>
        <Typography color="text.secondary">{t('portal.notFound.text')}</Typography>
        <Box sx={{ pt: 1 }}>
          <Button component={RouterLink} to={PATHS.home} variant="contained" size="large">
            {t('portal.notFound.goHome')}
          </Button>
        </Box>
      </Stack>
    </PublicLayout>
  );
}

/** The Talentbase logo: the compact bar variant, the larger auth-page variant, and a light variant for dark panels. */
import { Box, Typography } from '@mui/material';
import { t } from '../../i18n';
import { BRAND } from '../app/theme';

export type LogoVariant = 'bar' | 'auth' | 'light';

function Mark({ size, light }: { size: number; light: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={light ? '#ffffff' : BRAND.primary} />
      <path d="M9 10h14v3.2h-5.3V23h-3.4v-9.8H9z" fill={light ? BRAND.primary : '#ffffff'} />
      <circle cx="23.5" cy="21.5" r="2.5" fill={light ? BRAND.accent : BRAND.accentLight} />
    </svg>
  );
}

export function Logo({ variant = 'bar' }: { variant?: LogoVariant }) {
  const light = variant === 'light';
  const big = variant === 'auth';
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: big ? 1.25 : 1 }} data-logo-variant={variant}>
      <Mark size={big ? 40 : 30} light={light} />
      <Box>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontWeight: 800,
            fontSize: big ? 24 : 19,
            letterSpacing: '-0.03em',
            lineHeight: 1.1,
            color: light ? '#fff' : BRAND.ink,
          }}
        >
          {t('appName')}
        </Typography>
        {big && (
          <Typography
            component="span"
            sx={{ display: 'block', fontSize: 12, color: 'text.secondary', letterSpacing: '0.02em' }}
          >
            {t('portal.brand.tagline')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

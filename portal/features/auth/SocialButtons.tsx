/** Google and LinkedIn buttons, shown only for the providers the server has configured (GET auth/providers). */
import Google from '@mui/icons-material/Google';
import LinkedIn from '@mui/icons-material/LinkedIn';
import { Button, Divider, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { authApi, type Providers, type SocialProvider } from '../../api/auth';
import { t } from '../../../i18n';

const NONE: Providers = { google: false, linkedin: false };

export function useProviders(): Providers {
  const [providers, setProviders] = useState<Providers>(NONE);
  useEffect(() => {
    let cancelled = false;
    authApi
      .providers()
      .then((p) => !cancelled && setProviders({ google: p.google === true, linkedin: p.linkedin === true }))
      .catch(() => !cancelled && setProviders(NONE));
    return () => {
      cancelled = true;
    };
  }, []);
  return providers;
}

interface Props {
  /** The full-page address that starts the provider flow. */
  urlFor(provider: SocialProvider): string;
  /** 'continue' on sign-in, 'signup' on sign-up pages. */
  verb: 'continue' | 'signup';
  /** Remembers which provider was chosen, for pages the provider returns to. */
  onChoose?(provider: SocialProvider): void;
  dividerFirst?: boolean;
}

export function SocialButtons({ urlFor, verb, onChoose, dividerFirst = true }: Props) {
  const providers = useProviders();
  const shown = (['google', 'linkedin'] as const).filter((p) => providers[p]);
  if (!shown.length) return null;
  return (
    <Stack spacing={1.5} data-testid="social-buttons">
      {dividerFirst && (
        <Divider>
          <Typography variant="body2" color="text.secondary">
            {t('portal.login.or')}
          </Typography>
        </Divider>
      )}
      {shown.map((provider) => (
        <Button
          key={provider}
          variant="outlined"
          color="inherit"
          size="large"
          href={urlFor(provider)}
          onClick={() => onChoose?.(provider)}
          startIcon={
            provider === 'google' ? <Google sx={{ color: '#ea4335' }} /> : <LinkedIn sx={{ color: '#0a66c2' }} />
          }
          sx={{ borderColor: 'divider', py: 1.1 }}
        >
          {t(`portal.login.${verb}With${provider === 'google' ? 'Google' : 'LinkedIn'}`)}
        </Button>
      ))}
    </Stack>
  );
}

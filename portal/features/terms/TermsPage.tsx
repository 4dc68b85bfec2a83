/** /terms-of-service: the terms, section by section. */
import { Paper, Stack, Typography } from '@mui/material';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { known } from '../../../ui/api/errors';
import { t } from '../../../i18n';

function sectionKeys(): string[] {
  const keys: string[] = [];
  for (let n = 1; known(`portal.terms.sections.s${n}.heading`); n += 1) keys.push(`portal.terms.sections.s${n}`);
  return keys;
}

export function TermsPage() {
  return (
    <PublicLayout>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 } }}>
        <Typography variant="h1" component="h1">
          {t('portal.terms.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('portal.terms.updated')}
        </Typography>
        <Typography sx={{ mb: 3, lineHeight: 1.7 }}>{t('portal.terms.intro')}</Typography>
        <Stack spacing={3}>
          {sectionKeys().map((key) => (
            <section key={key}>
              <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
                {t(`${key}.heading`)}
              </Typography>
              {t(`${key}.body`)
                .split('\n\n')
                .map((paragraph) => (
                  <Typography key={paragraph.slice(0, 32)} sx={{ mb: 1.5, lineHeight: 1.7, color: 'text.secondary' }}>
                    {paragraph}
                  </Typography>
                ))}
            </section>
          ))}
        </Stack>
      </Paper>
    </PublicLayout>
  );
}

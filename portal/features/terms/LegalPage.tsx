/**
 * A legal page, section by section: the terms of service (`portal.terms`) or the privacy notice (`portal.privacy`).
 * Its date is the version of the notice in force, read from the server (GET /data-rights/notice): the one a
 * candidate is asked to accept; the schema's version stands in until it answers.
 */
import { Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { PRIVACY_NOTICE_VERSION } from '../../../schema/rules/consents';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { known } from '../../../ui/api/errors';
import { t } from '../../../i18n';
import { noticeVersionLabel, readNoticeVersion } from '../consents/consentsApi';

function sectionKeys(page: string): string[] {
  const keys: string[] = [];
  for (let n = 1; known(`${page}.sections.s${n}.heading`); n += 1) keys.push(`${page}.sections.s${n}`);
  return keys;
}

export function LegalPage({ page }: { page: 'portal.terms' | 'portal.privacy' }) {
  const [version, setVersion] = useState(PRIVACY_NOTICE_VERSION);
  useEffect(() => {
    let live = true;
    readNoticeVersion()
      .then((v) => live && setVersion(v.version))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <PublicLayout>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 } }}>
        <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t(`${page}.title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }} data-testid="legal-updated">
          {t(`${page}.updated`, { date: noticeVersionLabel(version) })}
        </Typography>
        <Typography sx={{ mb: 3, lineHeight: 1.7 }}>{t(`${page}.intro`)}</Typography>
        <Stack spacing={3}>
          {sectionKeys(page).map((key) => (
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

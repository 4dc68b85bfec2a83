/**
 * /jd/:interviewGuid/:timestamp: the public preview of a job description sent with an interview
 * request or as a job description; the link lasts 3 days (an expired link says so and offers
 * nothing else). The download is the project's file, or the text.
 */
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { interviewsApi, type JdPreview } from '../../api/interviews';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { EmptyState } from '../../components/EmptyState';
import { jdLinkState } from './jdLink';
import { formatDateTime } from '../../../schema/rules/dates';

type View =
  | { kind: 'loading' }
  | { kind: 'ready'; jd: JdPreview }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'error' };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function JdPreviewPage() {
  const { interviewGuid = '', timestamp } = useParams();
  const linkState = GUID.test(interviewGuid) ? jdLinkState(timestamp) : 'invalid';
  // The answer is kept with the request it is for: a link followed to another request (the page staying mounted)
  // shows that request loading, never the one shown before; an expired or broken link needs no answer at all.
  const [loaded, setLoaded] = useState<{ guid: string; view: View }>();
  const view: View =
    linkState !== 'valid' ? { kind: linkState } : loaded?.guid === interviewGuid ? loaded.view : { kind: 'loading' };

  useEffect(() => {
    if (linkState !== 'valid') return;
    let live = true;
    const show = (next: View) => live && setLoaded({ guid: interviewGuid, view: next });
    interviewsApi
      .jd(interviewGuid)
      .then((res) => show({ kind: 'ready', jd: res.data }))
      .catch((err) => {
        if (err instanceof ApiError && err.status === 410) show({ kind: 'expired' });
        else if (err instanceof ApiError && err.status === 404) show({ kind: 'invalid' });
        else show({ kind: 'error' });
      });
    return () => {
      live = false;
    };
  }, [interviewGuid, linkState]);

  return (
    <PublicLayout>
      <Box data-testid="jd-preview" data-state={view.kind}>
        {view.kind === 'loading' && (
          <Stack sx={{ alignItems: 'center', py: 8 }}>
            <CircularProgress aria-label={t('portal.common.loading')} />
          </Stack>
        )}
        {view.kind === 'ready' && (
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Stack spacing={2}>
              <Box>
                <Typography variant="overline" color="primary">
                  {t('portal.interviews.jd.title')}
                </Typography>
                <Typography variant="h1" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
                  {view.jd.role}
                </Typography>
                <Typography color="text.secondary">
                  {t('portal.interviews.jd.at', { company: view.jd.company })}
                </Typography>
              </Box>
              {view.jd.jdHeader && <Typography sx={{ fontWeight: 600 }}>{view.jd.jdHeader}</Typography>}
              {view.jd.jobDescription && (
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{view.jd.jobDescription}</Typography>
              )}
              {view.jd.jdFooter && <Typography color="text.secondary">{view.jd.jdFooter}</Typography>}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Button
                  variant="contained"
                  startIcon={<DownloadOutlined />}
                  href={interviewsApi.jdDownloadUrl(interviewGuid)}
                >
                  {t('portal.interviews.jd.download')}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {t('portal.interviews.jd.validUntil', { date: formatDateTime(view.jd.expiresAt) ?? '' })}
                </Typography>
              </Stack>
            </Stack>
          </Paper>
        )}
        {view.kind === 'expired' && (
          <EmptyState
            icon={<LinkOffOutlined />}
            title={t('portal.jd.expiredTitle')}
            description={t('portal.jd.expired')}
          />
        )}
        {view.kind === 'invalid' && (
          <EmptyState
            icon={<LinkOffOutlined />}
            title={t('portal.jd.invalidTitle')}
            description={t('portal.jd.invalid')}
          />
        )}
        {view.kind === 'error' && (
          <EmptyState
            icon={<ErrorOutline />}
            title={t('portal.interviews.answer.errorTitle')}
            description={t('errors.generic')}
          />
        )}
      </Box>
    </PublicLayout>
  );
}

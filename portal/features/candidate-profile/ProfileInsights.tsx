/** How companies found and engaged with the candidate's profile, for the past 7 days, 30 days or all time. */
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { startTransition, useEffect, useState } from 'react';
import { errorMessage } from '../../../ui/api/errors';
import { formatCount, t } from '../../../i18n';
import { countsFor, METRICS, nothingYet, PERIODS, type InsightsAnswer, type Period } from './insights';
import { profileApi } from './profileApi';

export function ProfileInsights({ candidateId }: { candidateId: string }) {
  const [answer, setAnswer] = useState<InsightsAnswer>();
  const [error, setError] = useState<string>();
  const [period, setPeriod] = useState<Period>('last30Days');

  useEffect(() => {
    let live = true;
    // The answer is drawn as a transition, in slices the browser can breathe between, not in one long task.
    profileApi
      .insights(candidateId)
      .then((a) => live && startTransition(() => setAnswer(a)))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [candidateId]);

  const counts = answer ? countsFor(answer, period) : undefined;
  const empty = !!answer && nothingYet(answer);
  return (
    <Card component="section" aria-labelledby="insights-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2.5 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <InsightsOutlined color="primary" />
            <Box>
              <Typography variant="h4" component="h2" id="insights-title">
                {t('talent.insights.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('talent.insights.subtitle')}
              </Typography>
            </Box>
          </Stack>
          {!empty && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={period}
              onChange={(_, value: Period | null) => value && setPeriod(value)}
              aria-label={t('talent.insights.period')}
            >
              {PERIODS.map((p) => (
                <ToggleButton key={p} value={p} sx={{ px: 1.5 }}>
                  {t(`talent.insights.periods.${p}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {!error && empty && (
          <Box
            sx={{ textAlign: 'center', py: 3, px: 2, borderRadius: 2, border: '1px dashed', borderColor: 'divider' }}
            data-testid="insights-empty"
          >
            <Typography variant="h5" component="p">
              {t('talent.insights.emptyTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 520, mx: 'auto' }}>
              {t('talent.insights.empty')}
            </Typography>
          </Box>
        )}
        {!error && !empty && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 2 }}>
            {METRICS.map((metric) => (
              <Box
                key={metric}
                sx={{
                  p: 2,
                  borderRadius: 2,
                  bgcolor: 'background.default',
                  border: '1px solid',
                  borderColor: 'divider',
                }}
                data-testid={`insight-${metric}`}
              >
                {counts ? (
                  <Typography variant="h2" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
                    {formatCount(counts[metric])}
                  </Typography>
                ) : (
                  <Skeleton width={48} height={40} />
                )}
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t(`talent.insights.metrics.${metric}`)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The bulk bar over the current tab's selection (spec section 4: a bulk move concerns the candidates selected in the current tab). */
import { Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import type { StageId } from '../../../schema/rules/pipeline';
import { stageLabel } from './stageKeys';

interface Props {
  count: number;
  next: StageId | undefined;
  canReject: boolean;
  busy: boolean;
  onNext(): void;
  onReject(): void;
  onHide(): void;
  onClear(): void;
  /** Further bulk actions of other capabilities (interview requests), shown before Clear. */
  extra?: ReactNode;
}

export function BulkBar({ count, next, canReject, busy, onNext, onReject, onHide, onClear, extra }: Props) {
  if (!count) return null;
  return (
    <Paper
      elevation={3}
      role="region"
      aria-label={t('portal.pipeline.bulk.selected', { n: count })}
      data-testid="bulk-bar"
      sx={{
        position: 'sticky',
        top: { xs: 64, md: 72 },
        zIndex: 2,
        p: 1.25,
        mb: 2,
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} aria-live="polite">
          {t('portal.pipeline.bulk.selected', { n: count })}
        </Typography>
        {next !== undefined && (
          <Button size="small" variant="contained" color="secondary" disabled={busy} onClick={onNext}>
            {t('portal.pipeline.bulk.next', { stage: stageLabel(next) })}
          </Button>
        )}
        {canReject && (
          <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={onReject}>
            {t('portal.pipeline.bulk.reject')}
          </Button>
        )}
        <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={onHide}>
          {t('portal.pipeline.bulk.hide')}
        </Button>
        {extra}
        <Button size="small" color="inherit" onClick={onClear} sx={{ ml: 'auto' }}>
          {t('portal.pipeline.bulk.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}

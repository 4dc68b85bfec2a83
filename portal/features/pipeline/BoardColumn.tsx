/** A stage's column on the board: its name and count, its cards scrolling inside it, a drop target while a card moves. */
import { useDroppable } from '@dnd-kit/core';
import { Paper, Skeleton, Stack, Typography } from '@mui/material';
import { formatCount, t } from '../../../i18n';
import type { StageId } from '../../../schema/rules/pipeline';
import type { PipelineDoc } from '../../api/pipeline';
import { stageLabel } from './stageKeys';
import type { DropCheck } from './stageRules';

interface ColumnProps {
  stage: StageId;
  docs: PipelineDoc[];
  /** The stage's candidates; undefined while the column's answer has not arrived. */
  total: number | undefined;
  drop: DropCheck | undefined;
  children: React.ReactNode;
}

/** Until its answer arrives a column says it is loading: no count and no "drop here" that the tabs would contradict. */
function ColumnLoading() {
  return (
    <Stack spacing={1} aria-hidden data-testid="board-column-loading">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={84} />
      ))}
    </Stack>
  );
}

export function BoardColumn({ stage, docs, total, drop, children }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stage}`, data: { stage } });
  const loading = total === undefined;
  const tone = drop
    ? drop.ok
      ? isOver
        ? 'success.main'
        : 'success.light'
      : isOver
        ? 'error.main'
        : 'divider'
    : 'divider';
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      component="section"
      aria-label={stageLabel(stage)}
      aria-busy={loading}
      data-testid="board-column"
      data-stage={stage}
      data-loading={loading || undefined}
      sx={{
        width: { xs: 240, md: 232 },
        flexShrink: 0,
        p: 1,
        bgcolor: drop && !drop.ok ? 'action.hover' : 'background.default',
        borderColor: tone,
        borderWidth: drop ? 2 : 1,
        opacity: drop && !drop.ok ? 0.6 : 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minHeight: 240,
        // No taller than the board: a long column scrolls its cards, which keep their height.
        maxHeight: '100%',
        minWidth: 0,
      }}
    >
      <Stack
        direction="row"
        data-testid="board-column-header"
        sx={{ justifyContent: 'space-between', alignItems: 'center', px: 0.5, py: 0.5, flexShrink: 0 }}
      >
        <Typography variant="subtitle2" component="h3">
          {stageLabel(stage)}
        </Typography>
        {loading ? (
          <Typography variant="caption" color="text.secondary" data-testid="board-column-count">
            {t('portal.pipeline.column.loading')}
          </Typography>
        ) : (
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="board-column-count"
            aria-label={t('portal.pipeline.column.count', { n: total ?? 0 })}
          >
            {formatCount(total ?? 0)}
          </Typography>
        )}
      </Stack>
      <Stack
        spacing={1}
        data-testid="board-column-cards"
        tabIndex={docs.length > 3 ? 0 : undefined}
        aria-label={docs.length > 3 ? stageLabel(stage) : undefined}
        // The cards scroll inside the column; each keeps its whole height.
        sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto', '& > *': { flexShrink: 0 }, p: 0.25 }}
      >
        {loading ? <ColumnLoading /> : children}
        {!loading && docs.length === 0 && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{
              textAlign: 'center',
              py: 3,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            {t('portal.pipeline.column.empty')}
          </Typography>
        )}
        {total !== undefined && total > docs.length && (
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 0.5 }}>
            {t('portal.pipeline.column.more', { n: formatCount(total - docs.length) })}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

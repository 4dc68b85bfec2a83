/** The stage tabs with their live counts (from the project's stats). */
import { Box, Chip, Tab, Tabs } from '@mui/material';
import { memo } from 'react';
import { formatCount, t } from '../../../i18n';
import type { StageId } from '../../../schema/rules/pipeline';
import type { StageStats } from '../../api/pipeline';
import { countOf } from './boardLogic';
import { stageLabel } from './stageKeys';

interface Props {
  stages: StageId[];
  value: StageId;
  stats: StageStats | undefined;
  onChange(stage: StageId): void;
}

// Memoised: MUI's tabs measure themselves (a forced layout of the whole page) after every render.
export const StageTabs = memo(function StageTabs({ stages, value, stats, onChange }: Props) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs
        value={value}
        onChange={(_, v: StageId) => onChange(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('portal.pipeline.tabsLabel')}
      >
        {stages.map((stage) => {
          const n = countOf(stats, stage);
          return (
            <Tab
              key={stage}
              value={stage}
              data-testid={`tab-${stage}`}
              sx={{ minHeight: 48 }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  {stageLabel(stage)}
                  <Chip
                    size="small"
                    label={n === undefined ? '–' : formatCount(n)}
                    data-testid={`count-${stage}`}
                    sx={{ height: 20, '& .MuiChip-label': { px: 0.75 } }}
                  />
                </Box>
              }
            />
          );
        })}
      </Tabs>
    </Box>
  );
});

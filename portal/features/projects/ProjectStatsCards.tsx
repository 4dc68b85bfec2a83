/** Active, Paused and Inactive counts (status/stats); a card filters the list by its status, clicked again it clears. */
import { Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { t } from '../../../i18n';
import type { StatusStats } from '../../api/projects';
import { STATUS_NAMES, STATUS_VALUES } from './projectsQuery';

const COLORS: Record<number, string> = { 0: 'success.main', 1: 'warning.main', 3: 'text.disabled' };

export function ProjectStatsCards({
  stats,
  status,
  onStatus,
}: {
  stats?: StatusStats;
  status: number | null;
  onStatus(status: number | null): void;
}) {
  return (
    <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ mb: 3 }} data-testid="project-stats">
      {STATUS_VALUES.map((value) => {
        const name = STATUS_NAMES[value];
        const selected = status === value;
        return (
          <Card
            key={value}
            sx={{ flex: 1, minWidth: 0, outline: selected ? '2px solid' : 'none', outlineColor: 'primary.main' }}
          >
            <CardActionArea
              onClick={() => onStatus(selected ? null : value)}
              aria-pressed={selected}
              data-testid={`stats-${name}`}
            >
              <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Stack
                    component="span"
                    sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: COLORS[value], flexShrink: 0 }}
                  />
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {t(`portal.projectsPortal.status.${value}`)}
                  </Typography>
                </Stack>
                {stats ? (
                  <Typography
                    sx={{ fontSize: { xs: 22, sm: 28 }, fontWeight: 700 }}
                    data-testid={`stats-${name}-count`}
                  >
                    {stats[name]}
                  </Typography>
                ) : (
                  <Skeleton width={40} height={40} />
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Stack>
  );
}

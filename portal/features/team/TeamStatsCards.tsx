/** Team counts: everybody, admins, members (GET company-users/user-stat). */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { TeamStats } from '../../api/companyUsers';
import { t } from '../../../i18n';

export function TeamStatsCards({ stats }: { stats?: TeamStats }) {
  if (!stats) return null;
  const items = [
    ['portal.team.stats.total', stats.totalCount],
    ['portal.team.stats.admins', stats.adminCount],
    ['portal.team.stats.members', stats.memberCount],
  ] as const;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }} data-testid="team-stats">
      {items.map(([key, value]) => (
        <Card key={key} sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography sx={{ fontSize: 28, fontWeight: 700 }}>{value}</Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /company-users: admins work on every company's users in the console; company users see their
 * own company's people here (read-only; owners and admins manage them on the Team page).
 */
import { Button, Card, Typography, Alert } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../app/auth/authContext';
import { ConsoleRedirect } from '../../app/ConsoleRedirect';
import { CONSOLE, PATHS } from '../../app/paths';
import { isTeamManager } from '../../app/viewer';
import { PageHeader } from '../../components/PageHeader';
import { t } from '../../../i18n';
import { TeamPagination } from '../team/TeamPagination';
import { TeamToolbar } from '../team/TeamToolbar';
import { UsersTable } from '../team/UsersTable';
import { useTeamList } from '../team/useTeamList';
import { useTeamQuery } from '../team/useTeamQuery';

function OwnCompanyUsers() {
  const { user, viewer } = useAuth();
  const { query, update } = useTeamQuery();
  const { rows, total, loading, error } = useTeamList(query, false);
  return (
    <>
      <PageHeader
        title={t('portal.titles.allCompanyUsers')}
        subtitle={t('portal.companyUsers.subtitle', { companyName: user?.companyName ?? '' })}
        actions={
          viewer && isTeamManager(viewer) ? (
            <Button component={RouterLink} to={PATHS.team} variant="outlined">
              {t('portal.companyUsers.manageTeam')}
            </Button>
          ) : undefined
        }
      />
      <Card>
        <TeamToolbar
          search={query.search}
          status={query.status}
          onSearch={(search) => update({ search })}
          onStatus={(status) => update({ status })}
        />
        {error && (
          <Alert severity="error" sx={{ m: 2 }}>
            {error}
          </Alert>
        )}
        <UsersTable rows={rows} loading={loading} />
        {!loading && !error && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            {t('portal.team.noMatches')}
          </Typography>
        )}
        <TeamPagination total={total} query={query} update={update} />
      </Card>
    </>
  );
}

export function CompanyUsersPage() {
  const { viewer } = useAuth();
  return viewer?.role === 'admin' ? <ConsoleRedirect to={CONSOLE.companyUsers} /> : <OwnCompanyUsers />;
}

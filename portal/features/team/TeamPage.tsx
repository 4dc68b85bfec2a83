/**
 * /team: a company owner's or admin's team. Counts, search and status tabs, invitations, role and
 * status changes (one at a time or in bulk; never of a pending invitee, see UserActions and TeamBulkBar) and removal
 * with a transfer of the user's projects. A refused change's toast gives the server's reason (actionErrorMessage).
 * A list that could not be read says why with Try again (RetryAlert), which reads the list and the counts again.
 */
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { Button, Card, Typography } from '@mui/material';
import { useState } from 'react';
import { companyUsersApi, type CompanyUserRow } from '../../api/companyUsers';
import { actionErrorMessage } from '../../../ui/api/errors';
import { useAuth } from '../../app/auth/authContext';
import { useNotify } from '../../app/notify';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { t } from '../../../i18n';
import { DeleteUserDialog } from './DeleteUserDialog';
import { InviteDialog } from './InviteDialog';
import { TeamBulkBar } from './TeamBulkBar';
import { TeamPagination } from './TeamPagination';
import { TeamStatsCards } from './TeamStatsCards';
import { TeamToolbar } from './TeamToolbar';
import { emptyTeamText, statusConfirmTexts } from './teamTexts';
import { UserActions, type UserAction } from './UserActions';
import { UsersTable } from './UsersTable';
import { useTeamList } from './useTeamList';
import { useTeamQuery } from './useTeamQuery';

interface PendingStatus {
  ids: string[];
  status: 1 | 2;
}

export function TeamPage() {
  const { user } = useAuth();
  const notify = useNotify();
  const { query, update } = useTeamQuery();
  const { rows, total, stats, loading, error, reload } = useTeamList(query, true);
  const [selected, setSelected] = useState<string[]>([]);
  // The selected pending invitees, kept as they are chosen: a selection outlives the page it was made on.
  const [pendingSelected, setPendingSelected] = useState<string[]>([]);
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<CompanyUserRow>();
  const [pendingStatus, setPendingStatus] = useState<PendingStatus>();
  const [busy, setBusy] = useState(false);

  // Owners and yourself are changed elsewhere (ownership, My profile), never from this list.
  const manageable = (row: CompanyUserRow) => row.role !== 0 && row.id !== user?._id;

  const select = (ids: string[]) => {
    const pending = (id: string) =>
      pendingSelected.includes(id) || rows.some((row) => row.id === id && row.status === 0);
    setSelected(ids);
    setPendingSelected(ids.filter(pending));
  };

  const run = async (work: () => Promise<unknown>, successKey: string) => {
    setBusy(true);
    try {
      await work();
      notify(t(successKey), 'success');
      select([]);
      reload();
    } catch (err) {
      notify(actionErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const onAction = (row: CompanyUserRow, action: UserAction) => {
    if (action.kind === 'resend')
      void run(() => companyUsersApi.resendInvitation(row.id), 'portal.team.invitationResent');
    else if (action.kind === 'role')
      void run(() => companyUsersApi.setRole([row.id], action.role), 'portal.team.roleChanged');
    else if (action.kind === 'status') setPendingStatus({ ids: [row.id], status: action.status });
    else setDeleting(row);
  };

  const applyStatus = async () => {
    if (!pendingStatus) return;
    await run(() => companyUsersApi.setStatus(pendingStatus.ids, pendingStatus.status), 'portal.team.statusChanged');
    setPendingStatus(undefined);
  };

  const confirmTexts = pendingStatus && statusConfirmTexts(pendingStatus.ids, pendingStatus.status, rows);

  return (
    <>
      <PageHeader
        title={t('portal.titles.team')}
        subtitle={t('portal.team.subtitle', { companyName: user?.companyName ?? '' })}
        actions={
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviting(true)}>
            {t('portal.team.invite')}
          </Button>
        }
      />
      <TeamStatsCards stats={stats} />
      <Card>
        <TeamToolbar
          search={query.search}
          status={query.status}
          onSearch={(search) => update({ search })}
          onStatus={(status) => update({ status })}
        />
        {selected.length > 0 && (
          <TeamBulkBar
            count={selected.length}
            pending={pendingSelected.length}
            busy={busy}
            onStatus={(status) => setPendingStatus({ ids: selected, status })}
            onRole={(role) => void run(() => companyUsersApi.setRole(selected, role), 'portal.team.roleChanged')}
            onClear={() => select([])}
          />
        )}
        {error && (
          <RetryAlert sx={{ m: 2 }} data-testid="team-load-error" onRetry={reload}>
            {error}
          </RetryAlert>
        )}
        <UsersTable
          rows={rows}
          loading={loading}
          selected={selected}
          onSelect={select}
          selectable={manageable}
          actions={(row) =>
            manageable(row) ? <UserActions row={row} onAction={(action) => onAction(row, action)} /> : null
          }
        />
        {!loading && !error && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            {emptyTeamText(query)}
          </Typography>
        )}
        <TeamPagination total={total} query={query} update={update} />
      </Card>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onInvited={reload} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(undefined)} onDeleted={reload} />
      <ConfirmDialog
        open={!!pendingStatus}
        title={confirmTexts?.title ?? ''}
        message={confirmTexts?.message ?? ''}
        confirmLabel={t(pendingStatus?.status === 2 ? 'portal.team.deactivate' : 'portal.team.activate')}
        destructive={pendingStatus?.status === 2}
        busy={busy}
        onConfirm={applyStatus}
        onClose={() => setPendingStatus(undefined)}
      />
    </>
  );
}

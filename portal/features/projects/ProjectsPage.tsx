/**
 * /projects: the project list (all, mine, internal, assigned as the menu asks), the status counts
 * that filter by status, text search, status filter, sort and pages of 10, 20 or 50; admins change
 * the status of or delete selected projects after a confirmation. "Add project" (here, or the
 * menu's ?add_project=true) opens the add-project modal. New users arrive with a welcome.
 */
import AddOutlined from '@mui/icons-material/AddOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import { Alert, Box, Button, Card, MenuItem, Stack, TablePagination, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAddressParams } from '../../components/useAddressState';
import { t } from '../../../i18n';
import { pagerLabels } from '../../components/pagerLabels';
import { actionErrorMessage } from '../../../ui/api/errors';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { useAuth } from '../../app/auth/authContext';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { isAdvocate } from '../../app/viewer';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { projectsApi } from '../../api/projects';
import { AddProjectDialog } from './AddProjectDialog';
import { deleteOutcome } from './deleteOutcome';
import { ProjectSettingsPanel } from './ProjectSettingsPanel';
import { ProjectSharingPanel } from './ProjectSharingPanel';
import { ProjectsList } from './ProjectsList';
import { ProjectStatsCards } from './ProjectStatsCards';
import { ProjectsToolbar } from './ProjectsToolbar';
import { PAGE_SIZES, readProjectsQuery, STATUS_VALUES, writeProjectsQuery, type ProjectsQuery } from './projectsQuery';
import { projectsViewOf, VIEW_TITLE_KEYS, type ProjectsView } from './projectViews';
import { useProjectsList } from './useProjectsList';
import { seesSharedOnly, WelcomeBanner } from './WelcomeBanner';

const L = 'portal.projectsPortal.list';

export function ProjectsPage() {
  const [params, editParams] = useAddressParams();
  const { viewer } = useAuth();
  const notify = useNotify();
  const isAdmin = viewer?.role === 'admin';
  const requested = projectsViewOf(params);
  // Internal and assigned are admins' views; assigned only for advocates.
  const view: ProjectsView =
    (requested === 'internal' && !isAdmin) || (requested === 'assigned' && !(viewer && isAdvocate(viewer)))
      ? 'all'
      : requested;
  const query = useMemo(() => readProjectsQuery(params), [params]);
  const { rows, pagination, stats, loading, error, reload } = useProjectsList(view, query);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<{ kind: 'status'; status: number } | { kind: 'delete' }>();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [panel, setPanel] = useState<{ kind: 'settings' | 'share'; guid: string }>();
  const addOpen = adding || params.get('add_project') === 'true';

  const update = useCallback(
    (changes: Partial<ProjectsQuery>) => {
      setSelected([]);
      editParams((current) => {
        const base = readProjectsQuery(current);
        const resetsPage = !('page' in changes);
        return writeProjectsQuery({ ...base, ...(resetsPage ? { page: 1 } : {}), ...changes }, current);
      });
    },
    [editParams],
  );

  // A page beyond the last (its rows deleted or moved out by a bulk change, or an address's ?p=99) goes to the last
  // page, the list's answer for the asked page telling how many there are; the empty state is not shown meanwhile.
  const lastPage = Math.max(1, pagination?.pagesCount ?? 1);
  const beyond = !loading && !error && pagination?.currentPage === query.page && query.page > lastPage;
  useEffect(() => {
    if (beyond)
      editParams((current) => writeProjectsQuery({ ...readProjectsQuery(current), page: lastPage }, current), {
        replace: true,
      });
  }, [beyond, lastPage, editParams]);

  const closeAdd = () => {
    setAdding(false);
    if (params.get('add_project') === 'true')
      editParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('add_project');
          return next;
        },
        { replace: true },
      );
  };

  const applyBulk = async () => {
    if (!bulk) return;
    setBusy(true);
    try {
      if (bulk.kind === 'delete') {
        const outcome = deleteOutcome(await projectsApi.bulkDelete(selected));
        notify(outcome.message, outcome.refused.length ? 'warning' : 'success');
        setSelected(outcome.refused);
      } else {
        await projectsApi.bulkStatus(selected, bulk.status);
        notify(t(`${L}.statusChanged`, { count: selected.length }), 'success');
        setSelected([]);
      }
      setBulk(undefined);
      reload();
    } catch (err) {
      notify(actionErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const filtered = !!query.q.trim() || query.status !== null;
  const total = pagination?.dataCount ?? 0;
  const addButton = (
    <Stack direction="row" spacing={1}>
      <Button
        component={RouterLink}
        to={PATHS.recruiterDashboard}
        variant="outlined"
        startIcon={<InsightsOutlined />}
        data-testid="recruiter-dashboard-link"
      >
        {t('portal.dashboard.recruiter.open')}
      </Button>
      <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)} data-testid="add-project">
        {t('portal.nav.addProject')}
      </Button>
    </Stack>
  );

  return (
    <>
      <PageHeader title={t(VIEW_TITLE_KEYS[view])} subtitle={t(`${L}.subtitle.${view}`)} actions={addButton} />
      <WelcomeBanner />
      <ProjectStatsCards stats={stats} status={query.status} onStatus={(status) => update({ status })} />
      <Card>
        <ProjectsToolbar query={query} update={update} />
        {isAdmin && selected.length > 0 && (
          <Stack
            direction="row"
            sx={{
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 1,
              px: 2,
              py: 1.25,
              mb: 1,
              bgcolor: 'rgba(29, 78, 216, 0.06)',
            }}
            data-testid="bulk-bar"
          >
            <Typography sx={{ fontWeight: 600, mr: 1 }}>
              {t(`${L}.selectedCount`, { count: selected.length })}
            </Typography>
            <Button size="small" disabled={busy} onClick={() => setBulk({ kind: 'status', status: 0 })}>
              {t(`${L}.changeStatus`)}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => setBulk({ kind: 'delete' })}>
              {t(`${L}.delete`)}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button size="small" color="inherit" onClick={() => setSelected([])}>
              {t(`${L}.clearSelection`)}
            </Button>
          </Stack>
        )}
        {error ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                {t(`${L}.retry`)}
              </Button>
            }
            data-testid="projects-error"
          >
            {error}
          </Alert>
        ) : !loading && !beyond && rows.length === 0 ? (
          <Box sx={{ p: 2 }}>
            {filtered ? (
              <EmptyState
                icon={<WorkOutlineOutlined />}
                title={t(`${L}.noMatchesTitle`)}
                description={t(`${L}.noMatchesText`)}
                action={
                  <Button variant="outlined" onClick={() => update({ q: '', status: null })}>
                    {t(`${L}.clearFilters`)}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<WorkOutlineOutlined />}
                title={t(`${L}.emptyTitle`)}
                description={
                  view === 'all' && seesSharedOnly(viewer)
                    ? t('portal.projects.emptyShared')
                    : t(`${L}.emptyText.${view}`)
                }
                action={view === 'all' || view === 'mine' ? addButton : undefined}
              />
            )}
          </Box>
        ) : (
          <ProjectsList
            rows={rows}
            loading={loading || beyond}
            isAdmin={isAdmin}
            perPage={query.perPage}
            selected={selected}
            onSelect={setSelected}
            onAction={(p, kind) => setPanel({ kind, guid: p.guid })}
          />
        )}
        {total > 0 && (
          <TablePagination
            component="div"
            count={total}
            page={Math.max(0, query.page - 1)}
            rowsPerPage={query.perPage}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_e, page) => update({ page: page + 1 })}
            onRowsPerPageChange={(e) => update({ perPage: Number(e.target.value) })}
            {...pagerLabels()}
          />
        )}
      </Card>
      <AddProjectDialog open={addOpen} onClose={closeAdd} />
      <ProjectSettingsPanel
        open={panel?.kind === 'settings'}
        projectId={panel?.guid ?? ''}
        onClose={() => setPanel(undefined)}
        onSaved={reload}
      />
      <ProjectSharingPanel
        open={panel?.kind === 'share'}
        projectId={panel?.guid ?? ''}
        onClose={() => setPanel(undefined)}
      />
      <ConfirmDialog
        open={bulk?.kind === 'status'}
        title={t(`${L}.statusTitle`, { count: selected.length })}
        message={t(`${L}.statusMessage`)}
        confirmLabel={t(`${L}.changeStatus`)}
        busy={busy}
        onConfirm={applyBulk}
        onClose={() => setBulk(undefined)}
      >
        <TextField
          select
          fullWidth
          sx={{ mt: 2 }}
          label={t(`${L}.newStatus`)}
          value={bulk?.kind === 'status' ? bulk.status : 0}
          onChange={(e) => setBulk({ kind: 'status', status: Number(e.target.value) })}
          slotProps={{ htmlInput: { 'data-testid': 'bulk-status' } }}
        >
          {STATUS_VALUES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`portal.projectsPortal.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </ConfirmDialog>
      <ConfirmDialog
        open={bulk?.kind === 'delete'}
        title={t(`${L}.deleteTitle`, { count: selected.length })}
        message={t(`${L}.deleteMessage`)}
        confirmLabel={t(`${L}.delete`)}
        destructive
        busy={busy}
        onConfirm={applyBulk}
        onClose={() => setBulk(undefined)}
      />
    </>
  );
}

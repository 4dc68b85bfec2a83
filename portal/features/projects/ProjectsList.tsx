/**
 * Projects as rows that fold into cards on a phone: title (a link to the project), job title,
 * company (admins), owner, advocate, plan, status and the per-stage counts; admins select rows.
 */
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import {
  Box,
  Checkbox,
  Chip,
  IconButton,
  Link,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { formatDate } from '../../components/format';
import { PATHS } from '../../app/paths';
import type { ProjectListItem, StageStats } from '../../api/projects';
import { COMPANY_TYPES } from '../../../schema/roles';
import { PROJECT_TYPE, STAGES } from '../../../schema/rules/pipeline';
import { pipelineRole, tabsFor } from '../../../schema/rules/stages';
import { useAuth } from '../../app/auth/authContext';
import type { Viewer } from '../../app/viewer';

const L = 'portal.projectsPortal.list';
const STATUS_COLORS: Record<number, 'success' | 'warning' | 'default'> = { 0: 'success', 1: 'warning', 3: 'default' };
/**
 * The stages counted on a row for the viewer, in the pipeline's order: the tabs their board shows (schema/rules/stages.ts
 * `tabsFor`), so a RaaS company is not shown open and longlist counts of the advocates' work it never sees.
 */
export function countedStages(viewer: Pick<Viewer, 'role'> | undefined): (keyof StageStats)[] {
  const keyOf = new Map(Object.entries(STAGES).map(([key, id]) => [id as number, key as keyof StageStats]));
  return tabsFor(pipelineRole(viewer)).map((id) => keyOf.get(id)!);
}

interface Props {
  rows: ProjectListItem[];
  loading: boolean;
  isAdmin: boolean;
  perPage: number;
  selected: string[];
  onSelect(ids: string[]): void;
  onAction(project: ProjectListItem, action: 'settings' | 'share'): void;
}

function RowMenu({ project, onAction }: { project: ProjectListItem; onAction: Props['onAction'] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: 'settings' | 'share') => {
    setAnchor(null);
    onAction(project, action);
  };
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t(`${L}.actionsFor`, { title: project.title })}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        sx={{ mt: -0.75, mr: -1 }}
        data-testid="project-actions"
      >
        <MoreVertOutlined />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to={PATHS.project(project.guid)}>
          <ListItemText>{t(`${L}.open`)}</ListItemText>
        </MenuItem>
        {project.access?.canEdit && (
          <MenuItem onClick={() => pick('settings')}>
            <ListItemText>{t(`${L}.settings`)}</ListItemText>
          </MenuItem>
        )}
        {project.access?.canShare && (
          <MenuItem onClick={() => pick('share')}>
            <ListItemText>{t(`${L}.share`)}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

export function jobTitleOf(p: ProjectListItem): string | undefined {
  const jt = p.jobTitle;
  if (!jt) return undefined;
  if (typeof jt === 'string') return jt;
  return jt.name ?? jt.label;
}

function StageCounts({ stats }: { stats?: StageStats }) {
  const { viewer } = useAuth();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} data-testid="stage-counts">
      {countedStages(viewer).map((stage) => {
        const n = stats?.[stage] ?? 0;
        return (
          <Tooltip key={stage} title={t(`portal.projectsPortal.stages.${stage}`)}>
            <Box
              sx={{
                px: 1,
                py: 0.25,
                borderRadius: 1,
                bgcolor: n ? 'rgba(29, 78, 216, 0.08)' : 'action.hover',
                color: n ? 'primary.dark' : 'text.secondary',
                fontSize: 12,
                whiteSpace: 'nowrap',
              }}
              data-stage={stage}
            >
              {t(`portal.projectsPortal.stagesShort.${stage}`)} <strong>{n}</strong>
            </Box>
          </Tooltip>
        );
      })}
    </Stack>
  );
}

export function ProjectsList({ rows, loading, isAdmin, perPage, selected, onSelect, onAction }: Props) {
  if (loading && !rows.length)
    return (
      <Stack spacing={1.5} sx={{ p: 2 }} data-testid="projects-loading">
        {Array.from({ length: Math.min(perPage, 5) }, (_, i) => (
          <Skeleton key={i} variant="rectangular" height={96} sx={{ borderRadius: 1 }} />
        ))}
      </Stack>
    );
  const ids = rows.map((r) => r.id);
  const allOnPage = ids.length > 0 && ids.every((id) => selected.includes(id));
  return (
    <Box sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={loading}>
      {isAdmin && rows.length > 0 && (
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pb: 0.5 }}>
          <Checkbox
            checked={allOnPage}
            indeterminate={!allOnPage && ids.some((id) => selected.includes(id))}
            onChange={() =>
              onSelect(
                allOnPage ? selected.filter((id) => !ids.includes(id)) : Array.from(new Set([...selected, ...ids])),
              )
            }
            slotProps={{ input: { 'aria-label': t(`${L}.selectPage`) } }}
          />
          <Typography variant="body2" color="text.secondary">
            {t(`${L}.selectPage`)}
          </Typography>
        </Stack>
      )}
      <Stack spacing={1.5} sx={{ px: 2, pb: 2 }} component="ul" style={{ listStyle: 'none', margin: 0 }}>
        {rows.map((p) => {
          const jobTitle = jobTitleOf(p);
          return (
            <Paper
              key={p.id}
              component="li"
              variant="outlined"
              sx={{
                p: { xs: 1.5, sm: 2 },
                display: 'flex',
                gap: 1.5,
                alignItems: 'flex-start',
                bgcolor: selected.includes(p.id) ? 'rgba(29, 78, 216, 0.04)' : undefined,
              }}
              data-testid="project-row"
              data-project-title={p.title}
              data-guid={p.guid}
            >
              {isAdmin && (
                <Checkbox
                  sx={{ mt: -0.75, ml: -1 }}
                  checked={selected.includes(p.id)}
                  onChange={(e) =>
                    onSelect(e.target.checked ? [...selected, p.id] : selected.filter((id) => id !== p.id))
                  }
                  slotProps={{ input: { 'aria-label': t(`${L}.selectProject`, { title: p.title }) } }}
                />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={{ xs: 0.5, sm: 1.5 }}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Link
                    component={RouterLink}
                    to={PATHS.project(p.guid)}
                    variant="h6"
                    underline="hover"
                    sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {p.title}
                  </Link>
                  <Stack direction="row" spacing={0.75} sx={{ flexShrink: 0 }}>
                    <Chip
                      size="small"
                      color={STATUS_COLORS[p.status] ?? 'default'}
                      variant="outlined"
                      label={t(`portal.projectsPortal.status.${p.status}`)}
                      data-testid="status-chip"
                    />
                    {p.company?.companyType === COMPANY_TYPES.raas || p.projectType === PROJECT_TYPE.raas ? (
                      <Chip
                        size="small"
                        variant={p.plan === 2 ? 'filled' : 'outlined'}
                        color="primary"
                        label={t(`portal.projectsPortal.planNames.${p.plan}`)}
                      />
                    ) : null}
                    {p.isAdminProject && <Chip size="small" label={t(`${L}.internal`)} />}
                  </Stack>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {[
                    jobTitle,
                    isAdmin ? p.company?.companyName : undefined,
                    formatDate(p.createdAt) && t(`${L}.created`, { date: formatDate(p.createdAt) as string }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Stack direction="row" sx={{ mt: 0.5, mb: 1, flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
                  <Typography variant="body2">
                    <Box component="span" color="text.secondary">
                      {t(`${L}.owner`)}:
                    </Box>{' '}
                    {p.owner?.name || '—'}
                  </Typography>
                  <Typography variant="body2">
                    <Box component="span" color="text.secondary">
                      {t(`${L}.advocate`)}:
                    </Box>{' '}
                    {p.advocate?.name || t(`${L}.noAdvocate`)}
                  </Typography>
                </Stack>
                <StageCounts stats={p.stats} />
              </Box>
              <RowMenu project={p} onAction={onAction} />
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}

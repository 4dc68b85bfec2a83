/**
 * /shared-project/:id: where a link to a shared project lands (the sharing panel copies it). It
 * shows the project in brief (role, company, owner, status, pipeline counts, who has access) with
 * a way in; someone it is not shared with learns whom to ask, never whether the project exists.
 */
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { errorMessage } from '../../../ui/api/errors';
import { PATHS } from '../../app/paths';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/format';
import { projectsApi, type AccessInfo, type ProjectDetail } from '../../api/projects';
import { useAuth } from '../../app/auth/authContext';
import { countedStages, jobTitleOf } from './ProjectsList';

const S = 'portal.projectsPortal.sharedPage';

/** The address of a project's shared page (guid, 'Project:N' or N), as the sharing panel copies it. */
export const sharedProjectUrl = (ref: string) => `${window.location.origin}${PATHS.sharedProject(ref)}`;

export function SharedProjectPage() {
  const { id = '' } = useParams();
  const { viewer } = useAuth();
  const [project, setProject] = useState<ProjectDetail>();
  const [access, setAccess] = useState<AccessInfo>();
  const [state, setState] = useState<'loading' | 'ready' | 'hidden' | 'error'>('loading');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    projectsApi.find(id, controller.signal).then(
      (p) => {
        setProject(p);
        setState('ready');
        projectsApi.accessInfo(p.id).then(setAccess, () => setAccess(undefined));
      },
      (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 403))
          setState('hidden');
        else {
          setError(errorMessage(err));
          setState('error');
        }
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  if (state === 'loading')
    return (
      <Stack spacing={2} data-testid="shared-loading">
        <Skeleton variant="text" width="50%" height={56} />
        <Skeleton variant="rectangular" height={220} sx={{ borderRadius: 1 }} />
      </Stack>
    );
  if (state === 'hidden')
    return (
      <EmptyState
        icon={<LockOutlined />}
        title={t(`${S}.hiddenTitle`)}
        description={t(`${S}.hiddenText`)}
        action={
          <Button component={RouterLink} to={PATHS.projects} variant="contained">
            {t(`${S}.toProjects`)}
          </Button>
        }
      />
    );
  if (state === 'error' || !project)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((a) => a + 1)}>
            {t('portal.projectsPortal.list.retry')}
          </Button>
        }
      >
        {error}
      </Alert>
    );

  const facts = [
    jobTitleOf(project),
    project.company?.companyName,
    formatDate(project.createdAt) &&
      t('portal.projectsPortal.list.created', { date: formatDate(project.createdAt) as string }),
  ];
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }} data-testid="shared-project">
      <Typography variant="overline" color="text.secondary">
        {t(`${S}.eyebrow`)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {project.title}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={t(`portal.projectsPortal.status.${project.status}`)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {facts.filter(Boolean).join(' · ')}
      </Typography>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            {t(`${S}.pipeline`)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}>
            {countedStages(viewer).map((stage) => (
              <Box key={stage} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {t(`portal.projectsPortal.stagesShort.${stage}`)}
                </Typography>
                <Typography sx={{ fontSize: 22, fontWeight: 700 }}>{project.stats?.[stage] ?? 0}</Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 2 }}>
            <Box component="span" color="text.secondary">
              {t('portal.projectsPortal.list.owner')}:
            </Box>{' '}
            {project.owner?.name || '—'}
            {access && access.totalCount > 0 && (
              <Box component="span" color="text.secondary" sx={{ ml: 2 }}>
                {t('portal.projectsPortal.sharing.peopleCount', { count: access.totalCount })}
              </Box>
            )}
          </Typography>
        </CardContent>
      </Card>
      <Button
        component={RouterLink}
        to={PATHS.project(project.guid)}
        variant="contained"
        size="large"
        data-testid="open-shared-project"
      >
        {t(`${S}.open`)}
      </Button>
    </Box>
  );
}

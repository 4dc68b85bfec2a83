/**
 * "Linked projects" on a live ATS card: the company's projects, each with a select of the ATS's
 * open jobs (GET integrations/jobs/:id, pulled by each sync), saved as soon as it changes (PUT
 * integrations/project-job/:id) with "Saving…" then "Saved" said beside it, and "Unlink". The sync
 * sends a linked project's shortlisted candidates to its job. While the jobs load, when the ATS has
 * none open, and when they could not be read, the section says so; a job already linked to
 * another project is refused by the server, and the row names that project. A job linked before
 * and no longer open stays shown as such, so the link can still be read and undone. Native selects:
 * operable from the keyboard and on a phone, each named by its project and its label.
 */
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { integrationsApi, type AtsJobs, type Integration, type ProjectLink } from '../../api/integrations';

const P = 'portal.integrationsPage.links';

type RowState = { saving: true } | { saved: string } | { error: string };

/** The words of a refused link: the project the job is linked to already, when the server named it. */
function refusal(err: unknown): string {
  const named = (err instanceof ApiError ? err.body?.error : undefined) as
    { linkedProject?: { title?: string } } | undefined;
  if (fieldKeys(err).jobId === 'jobId.errors.linkedElsewhere' && named?.linkedProject?.title)
    return t(`${P}.linkedElsewhere`, { project: named.linkedProject.title });
  return fieldKeys(err).jobId ? t(fieldKeys(err).jobId) : errorMessage(err);
}

function ProjectRow({
  integration,
  link,
  jobs,
  onSaved,
}: {
  integration: Integration;
  link: ProjectLink;
  jobs: AtsJobs['jobs'];
  onSaved(projectId: number, jobId: string | null): void;
}) {
  const id = useId();
  const [state, setState] = useState<RowState>();
  const ats = integration.label;
  const title = (jobId: string | null) => jobs.find((j) => j.id === jobId)?.title ?? link.jobTitle ?? jobId ?? '';

  const save = async (jobId: string | null) => {
    setState({ saving: true });
    try {
      await integrationsApi.linkProject(integration.id, link.projectId, jobId);
      onSaved(link.projectId, jobId);
      setState({ saved: jobId ? t(`${P}.linked`, { job: title(jobId) }) : t(`${P}.unlinked`) });
    } catch (err) {
      setState({ error: refusal(err) });
    }
  };

  const closed = link.jobId !== null && !jobs.some((j) => j.id === link.jobId);
  const saving = state !== undefined && 'saving' in state;
  return (
    <Box
      component="li"
      data-testid="project-link"
      data-project={link.projectGuid}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Link
        id={`${id}-project`}
        component={RouterLink}
        to={`/project/${link.projectGuid}`}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere', display: 'inline-block', mb: 1 }}
      >
        {link.projectTitle}
      </Link>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          id={`${id}-job`}
          label={t(`${P}.job`, { ats })}
          value={link.jobId ?? ''}
          onChange={(e) => save(e.target.value || null)}
          disabled={saving}
          error={state !== undefined && 'error' in state}
          helperText={state !== undefined && 'error' in state ? state.error : undefined}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'aria-labelledby': `${id}-project ${id}-job-label` },
          }}
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
        >
          <option value="">{t(`${P}.notLinked`)}</option>
          {closed && (
            <option value={link.jobId!} disabled>
              {t(`${P}.closedJob`, { job: link.jobTitle ?? link.jobId!, ats })}
            </option>
          )}
          {jobs.map((j) => (
            <option key={j.id} value={j.id}>
              {j.title}
            </option>
          ))}
        </TextField>
        {link.jobId && (
          <Button
            size="small"
            onClick={() => save(null)}
            disabled={saving}
            aria-label={`${t(`${P}.unlink`)} ${link.projectTitle}`}
            sx={{ mt: 0.5 }}
          >
            {t(`${P}.unlink`)}
          </Button>
        )}
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 0.5, minHeight: '1.25rem' }}>
        {state && 'saving' in state && t(`${P}.saving`)}
        {state && 'saved' in state && state.saved}
      </Typography>
    </Box>
  );
}

/** The section itself; `refresh` changes when a sync has finished, which may have pulled new jobs. */
export function LinkedProjects({ integration, refresh }: { integration: Integration; refresh: unknown }) {
  const [data, setData] = useState<AtsJobs>();
  const [error, setError] = useState<string>();
  const ats = integration.label;
  const headingId = useId();

  const load = useCallback(() => {
    setError(undefined);
    integrationsApi
      .jobs(integration.id)
      .then(setData)
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [integration.id]);
  useEffect(load, [load, refresh]);

  const saved = (projectId: number, jobId: string | null) =>
    setData((d) => d && { ...d, projects: d.projects.map((p) => (p.projectId === projectId ? { ...p, jobId } : p)) });

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="linked-projects" sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {t(`${P}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`${P}.text`, { ats })}
      </Typography>
      {!data && !error && (
        <Stack role="status" direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{t(`${P}.loading`, { ats })}</Typography>
        </Stack>
      )}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              {t('portal.integrationsPage.retry')}
            </Button>
          }
        >
          {t(`${P}.loadError`, { ats })} {error}
        </Alert>
      )}
      {data && data.jobs.length === 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t(`${P}.noJobs`, { ats })}
        </Alert>
      )}
      {data && data.projects.length === 0 && <Typography variant="body2">{t(`${P}.noProjects`)}</Typography>}
      {data && data.projects.length > 0 && (data.jobs.length > 0 || data.projects.some((p) => p.jobId)) && (
        <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {data.projects
            .filter((p) => data.jobs.length > 0 || p.jobId)
            .map((p) => (
              <ProjectRow key={p.projectId} integration={integration} link={p} jobs={data.jobs} onSaved={saved} />
            ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * /project/:id (a guid or Project:N): the project detail page recruiters live in. Loads the
 * project (an unknown or hidden one goes back to /projects with the projectNotFound toast, spec
 * section 8), shows its header, its pipeline (PipelineWorkspace) and the support-chat slot that
 * only this page has. A change of the project's plan or status by anyone (the live event
 * `projectChanged`) reads the project again in place: the header, badges and prompts follow it, and
 * a read that fails keeps the project shown.
 */
import { Alert, Button } from '@mui/material';
import { startTransition, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { projectFind, type ProjectDetail, type StageStats } from '../../api/pipeline';
import { useLive } from '../../../ui/live/useLive';
import { useAuth } from '../../app/auth/authContext';
import { useNotify } from '../../app/notify';
import { startOpening, takeOpening } from '../../../ui/api/openingFetch';
import { PATHS } from '../../app/paths';
import { askAlertEarly, ProjectAlerts } from '../alerts/ProjectAlerts';
import { PipelineWorkspace } from './PipelineWorkspace';
import { ProjectHeader } from './ProjectHeader';
import { ProjectPanels, type PanelKind } from './ProjectPanels';
import { pipelineRole } from './stageRules';
import { SupportChatButton } from './SupportChatButton';

const NOT_FOUND = new Set(['project.notFound', 'project.not.found']);

// A visit that opens on a project asks for it as soon as this code loads, beside the session check.
startOpening(
  /^\/project\/([^/]+)\/?$/,
  (m) => `project:${decodeURIComponent(m[1])}`,
  (key) => projectFind(key.slice('project:'.length)),
);

export function ProjectPipelinePage() {
  const { id = '' } = useParams();
  const { viewer } = useAuth();
  const role = pipelineRole(viewer);
  const navigate = useNavigate();
  const notify = useNotify();
  const [project, setProject] = useState<ProjectDetail>();
  const [stats, setStats] = useState<StageStats>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [panel, setPanel] = useState<PanelKind>();

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    (takeOpening<ProjectDetail>(`project:${id}`) ?? projectFind(id, controller.signal))
      .then((found) => {
        if (controller.signal.aborted) return;
        // Drawn as a transition: React draws the project's page in slices, not in one long task.
        startTransition(() => {
          setProject(found);
          setStats(found.stats);
        });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && (err.status === 404 || NOT_FOUND.has(err.code))) {
          notify(t('portal.pipeline.projectNotFound'), 'error');
          navigate(PATHS.projects, { replace: true });
        } else setFailed(true);
      });
    return () => controller.abort();
  }, [id, attempt, navigate, notify]);

  // The alert's state is asked for beside the project: the workspace is drawn once it has answered.
  useEffect(() => askAlertEarly(id), [id]);

  const refreshProject = useCallback(() => setAttempt((n) => n + 1), []);
  // A teammate's upgrade, pause or close: the project is read again without leaving the page; a failed read keeps it.
  const projectNumber = project ? Number(String(project.id).replace(/^\D+:/, '')) : undefined;
  useLive(
    (e) => e.topic === 'project' && e.kind === 'projectChanged' && e.subjectId === projectNumber,
    () => {
      projectFind(id)
        .then((found) => startTransition(() => setProject(found)))
        .catch(() => undefined);
    },
    projectNumber !== undefined,
  );
  // The header (the project's title) is drawn as soon as the project arrives; the workspace below it, the heavier
  // part, follows in a transition, so the title is not held back by the work of drawing the board.
  const workspaceProject = useDeferredValue(project);
  const canEdit = project?.access?.canEdit ?? role === 'admin';
  const canShare = project?.access?.canShare ?? false;

  if (failed)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={refreshProject}>
            {t('portal.pipeline.retry')}
          </Button>
        }
      >
        {t('portal.pipeline.loadError')}
      </Alert>
    );

  return (
    <>
      <ProjectHeader
        project={project}
        onSettings={canEdit ? () => setPanel('settings') : undefined}
        onShare={canShare ? () => setPanel('share') : undefined}
        onAiMatch={role === 'admin' ? () => setPanel('aiMatch') : undefined}
      />
      {workspaceProject ? (
        // Named as the address names it, so the alert's read announced with the page (index.html) is the one taken.
        <ProjectAlerts projectId={id} boardProjectId={String(workspaceProject.id)}>
          <PipelineWorkspace
            project={workspaceProject}
            role={role}
            stats={stats}
            setStats={setStats}
            onProjectChanged={refreshProject}
          />
        </ProjectAlerts>
      ) : null}
      {/* The chat is the company's line to its advocate; admins are the other end of it. */}
      {project && role !== 'admin' && <SupportChatButton project={project} />}
      {project && (
        <ProjectPanels project={project} open={panel} onClose={() => setPanel(undefined)} onChanged={refreshProject} />
      )}
    </>
  );
}

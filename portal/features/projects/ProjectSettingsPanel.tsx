/**
 * The project's settings (edit) panel: a drawer with the same form as the add modal, filled from
 * the stored project; saves through update/project, then uploads a new job description file. The
 * owner is fixed (with its helper text) unless the caller may hand the project over and keep it
 * (`access.canHandOver`: not a Member owner of a project shared with nobody). The save sends the `updatedAt` the
 * panel read: a project changed since (a colleague handed it over or closed it) is refused with 409
 * 'errors.changedMeanwhile' and nothing is written; the notice above the form offers to reload the project.
 * What is typed and not saved is kept in this tab per person and project (useFormDraft): opened again after a reload or
 * a new sign-in, the panel puts it back over the stored project, with a notice to discard it.
 */
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Box, Button, Drawer, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { t } from '../../../i18n';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { useAuth } from '../../app/auth/authContext';
import { actorOf } from '../../app/viewer';
import { appointsAdvocates } from '../../../schema/roles';
import { useNotify } from '../../app/notify';
import { projectsApi, type Project, type ProjectDetail } from '../../api/projects';
import { ProjectFormFields } from './ProjectFormFields';
import { ProjectLifecycleSection } from './ProjectLifecycleSection';
import { projectBody, type ProjectFormValues } from './projectForm';
import { formFromProject } from './projectLoad';
import { useProjectFormErrors } from './useProjectFormErrors';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { useFormDraft, useKeptDraft } from '../../components/useFormDraft';

/** Not kept in a draft: the chosen file (the browser cannot keep it) and the stored file's name. */
const NOT_KEPT = ['jdFile', 'jdFileName', 'filters'];

const S = 'portal.projectsPortal.settings';

export interface ProjectSettingsPanelProps {
  open: boolean;
  /** The project: its guid, 'Project:N' or N. */
  projectId: string;
  onClose(): void;
  /** After a successful save, with the project as stored. */
  onSaved?(project: Project): void;
}

export function ProjectSettingsPanel({ open, projectId, onClose, onSaved }: ProjectSettingsPanelProps) {
  const { viewer } = useAuth();
  const notify = useNotify();
  const isAdmin = viewer?.role === 'admin';
  const [project, setProject] = useState<ProjectDetail>();
  const [values, setValues] = useState<ProjectFormValues>();
  // The form as loaded: closing asks before throwing away anything changed since.
  const [start, setStart] = useState<ProjectFormValues>();
  const { errors, failure, failureRef, reset, changed, check, refused, fileRefused } = useProjectFormErrors();
  const [loadError, setLoadError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Saved fields whose file upload then failed: the panel stays open with the error; closing reports the save.
  const [partial, setPartial] = useState<Project>();
  // The save was refused because the project changed after the panel read it: the notice offers to reload it.
  const [stale, setStale] = useState(false);
  const draft = useFormDraft('projectSettings', {
    omit: NOT_KEPT,
    onDiscard: () => {
      setValues(start);
      reset();
    },
  });
  const { take, forget } = draft;
  useKeptDraft(draft, values, start);

  const close = () => {
    if (busy) return;
    if (partial) onSaved?.(partial);
    setPartial(undefined);
    forget();
    onClose();
  };
  const guard = useDiscardGuard(!busy && Boolean(values) && changedFrom(values, start), close);

  const load = useCallback(() => {
    setValues(undefined);
    setLoadError(undefined);
    setStale(false);
    reset();
    projectsApi
      .find(projectId)
      .then(async (p) => {
        setProject(p);
        const form = await formFromProject(p);
        setValues({ ...form, ...take(String(p.id), form) });
        setStart(form);
      })
      .catch((err: unknown) => setLoadError(errorMessage(err)));
  }, [projectId, reset, take]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  // Editing never changes the plan here (upgrades have their own call), so the free-project confirmation is not asked again.
  const ctx = { isAdmin, isRaas: false, appointsAdvocates: !!viewer && appointsAdvocates(actorOf(viewer)) };

  const change = (patch: Partial<ProjectFormValues>) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    changed(patch);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values || !project || busy) return;
    if (!check(values, ctx)) return;
    setBusy(true);
    const { companyId: _company, isAdminProject: _internal, filters: _filters, ...body } = projectBody(values, ctx);
    let saved: Project;
    try {
      saved = await projectsApi.update(project.id, { ...body, updatedAt: project.updatedAt });
    } catch (err) {
      setBusy(false);
      refused(err);
      setStale(Boolean(fieldKeys(err).updatedAt));
      return;
    }
    // The fields are stored: they are the form's start now, and no longer a draft (a file still to upload stays a change).
    setStart((s) => (s ? { ...values, jdFile: s.jdFile, jdFileName: s.jdFileName } : s));
    forget();
    // The version the panel now holds: a second save (after a refused file) is not refused as stale.
    const version = (p: Project) => setProject((v) => (v ? { ...v, updatedAt: p.updatedAt } : v));
    version(saved);
    if (values.jdFile) {
      try {
        saved = await projectsApi.addJobDescription(project.id, values.jdFile);
        version(saved);
        setValues((v) => (v ? { ...v, jdFile: null, jdFileName: saved.jdFileName ?? v.jdFile?.name ?? null } : v));
      } catch (err) {
        setBusy(false);
        fileRefused(err, `${S}.uploadFailed`);
        setPartial(saved);
        return;
      }
    }
    setBusy(false);
    notify(t(`${S}.saved`), 'success');
    setPartial(undefined);
    onSaved?.(saved);
    onClose();
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={guard.requestClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 640 }, maxWidth: '100%' },
          'aria-labelledby': 'project-settings-title',
        } as object,
      }}
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
        data-testid="project-settings"
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id="project-settings-title" variant="h5" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
            {t(`${S}.title`)}
          </Typography>
          <IconButton onClick={guard.requestClose} disabled={busy} aria-label={t(`${S}.close`)}>
            <CloseOutlined />
          </IconButton>
        </Stack>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 3, py: 2.5 }}>
          {draft.notice}
          {failure && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              ref={failureRef}
              data-testid="settings-error"
              action={
                stale && (
                  // Reloading a project changed meanwhile starts again from it: the edits refused go.
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      forget();
                      load();
                    }}
                  >
                    {t('errors.reload')}
                  </Button>
                )
              }
            >
              {failure}
            </Alert>
          )}
          {loadError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={load}>
                  {t(`${S}.retry`)}
                </Button>
              }
            >
              {t(`${S}.loadError`)} {loadError}
            </Alert>
          ) : !values ? (
            <Stack spacing={2} data-testid="settings-loading">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} variant="rectangular" height={52} sx={{ borderRadius: 1 }} />
              ))}
            </Stack>
          ) : (
            <>
              {project && (
                <ProjectLifecycleSection
                  project={project}
                  onLeave={onClose}
                  onChanged={() => {
                    setPartial(undefined);
                    onSaved?.(project);
                    // Fields changed and not saved yet stay in the panel, beside the project's new status.
                    if (changedFrom(values, start)) void projectsApi.find(project.id).then(setProject, () => undefined);
                    else onClose();
                  }}
                />
              )}
              <ProjectFormFields
                values={values}
                errors={errors}
                onChange={change}
                isAdmin={isAdmin}
                disabled={busy}
                editing
                ownerFixed={project ? !(project.access.canHandOver ?? project.access.canDelete) : false}
              />
            </>
          )}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'flex-end', px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}
        >
          <Button onClick={guard.requestClose} disabled={busy} color="inherit">
            {t('portal.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !values}>
            {t(busy ? `${S}.saving` : `${S}.save`)}
          </Button>
        </Stack>
      </Box>
      {guard.prompt}
    </Drawer>
  );
}

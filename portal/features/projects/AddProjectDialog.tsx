/**
 * The add-project modal. RaaS companies first choose the project type (Free or Power, with their
 * balance and free slot); everybody then fills in the project. The job description file is
 * uploaded after the project exists (add-job-description); a failed upload keeps the project and
 * lets the user try the file again. Success opens the new project. What is typed is kept in this tab for the person
 * (useFormDraft; apart for a project saved from a search): opened again after a reload or a new sign-in, the modal
 * puts it back, with a notice to discard it; creating the project or discarding the form forgets it.
 * Each opening gives the create a key (`clientId`), sent with every try and kept in the draft with what is typed: a
 * double click, a resend after a lost answer or a reload that sends the draft again gets the one project the first
 * try made, charged once (backend/features/projects/repeats.ts).
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../../i18n';
import { useAuth } from '../../app/auth/authContext';
import { actorOf } from '../../app/viewer';
import { appointsAdvocates } from '../../../schema/roles';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { projectsApi, type Project } from '../../api/projects';
import { PlanChoice } from './PlanChoice';
import { ProjectFormFields } from './ProjectFormFields';
import { emptyProjectForm, PLAN, projectBody, RAAS_COMPANY_TYPE, type ProjectFormValues } from './projectForm';
import { useProjectFormErrors } from './useProjectFormErrors';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { useFormDraft, useKeptDraft } from '../../components/useFormDraft';
import { draftOf } from '../../app/formDrafts';
import { newClientId } from '../../../ui/chat/chatApi';

const A = 'portal.projectsPortal.add';
/** Not kept in a draft: the file (the browser cannot keep it), what the search put there, and the plan and its consent, chosen again. */
const NOT_KEPT = ['jdFile', 'jdFileName', 'filters', 'plan', 'freeProjectConfirmed'];

export interface AddProjectDialogProps {
  open: boolean;
  onClose(): void;
  /** Values to start from, e.g. the search being saved as a project (title, job title, countries, filters). */
  initial?: Partial<ProjectFormValues>;
  /** Candidates to put in the new project's suggested tab (e.g. the search result it was started from). */
  candidateIds?: string[];
  /** After the project is created (and its file uploaded); by default the new project opens. */
  onCreated?(project: Project): void;
}

export function AddProjectDialog({ open, onClose, initial, candidateIds, onCreated }: AddProjectDialogProps) {
  const { user, viewer } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const isAdmin = viewer?.role === 'admin';
  const raasUser = viewer?.role === 'raasCompany';
  const [values, setValues] = useState<ProjectFormValues>(() => ({ ...emptyProjectForm(), ...initial }));
  // What the form opened with: closing asks before throwing away anything typed since.
  const [start, setStart] = useState(values);
  const [step, setStep] = useState<'plan' | 'form'>(raasUser ? 'plan' : 'form');
  const { errors, failure, failureRef, reset, changed, check, refused, fileRefused } = useProjectFormErrors();
  const [busy, setBusy] = useState(false);
  const [planUsable, setPlanUsable] = useState(true);
  // The project once created: a later submit only retries the job description upload.
  const [created, setCreated] = useState<Project>();
  // The create's key: one per opening, kept in the draft only beside something typed.
  const [clientId, setClientId] = useState(newClientId);
  const draft = useFormDraft('newProject', {
    omit: NOT_KEPT,
    onDiscard: () => {
      setValues(start);
      setClientId(newClientId());
      reset();
    },
  });
  const kept = useMemo(
    () => (open && !created ? { ...values, clientId } : undefined),
    [open, created, values, clientId],
  );
  const keptBase = useMemo(() => {
    const typed = draftOf({ ...values }, { ...start }, NOT_KEPT) !== undefined;
    return { ...start, clientId: typed ? '' : clientId };
  }, [start, values, clientId]);
  useKeptDraft(draft, kept, keptBase);

  useEffect(() => {
    if (!open) return;
    const fresh = {
      ...emptyProjectForm(),
      ...initial,
      ...(viewer?.role !== 'admin' && user ? { owner: { id: user._id, label: ownName(user) } } : {}),
    };
    const key = newClientId();
    const { clientId: keptKey, ...restored } = draft.take(initial ? 'fromSearch' : 'new', { ...fresh, clientId: key });
    setValues({ ...fresh, ...restored });
    setClientId(typeof keptKey === 'string' ? keptKey : key);
    setStart(fresh);
    setStep(raasUser ? 'plan' : 'form');
    reset();
    setCreated(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const isRaas = raasUser || (isAdmin && !values.internal && values.company?.companyType === RAAS_COMPANY_TYPE);
  const ctx = { isAdmin, isRaas, appointsAdvocates: !!viewer && appointsAdvocates(actorOf(viewer)) };

  const change = (patch: Partial<ProjectFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(patch);
  };

  const close = () => {
    if (busy) return;
    draft.forget();
    if (created) finish(created);
    else onClose();
  };

  // The plan is one click to choose again (and moves by itself off a plan the company cannot use): not counted.
  const guard = useDiscardGuard(!busy && !created && changedFrom({ ...values, plan: 0 }, { ...start, plan: 0 }), close);

  const finish = (project: Project) => {
    onClose();
    if (onCreated) onCreated(project);
    else navigate(PATHS.project(project.guid));
  };

  const upload = async (project: Project): Promise<boolean> => {
    if (!values.jdFile) return true;
    try {
      await projectsApi.addJobDescription(project.id, values.jdFile);
      return true;
    } catch (err) {
      fileRefused(err, `${A}.uploadFailed`);
      return false;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (step === 'plan') {
      if (planUsable) setStep('form');
      return;
    }
    if (!check(values, ctx)) return;
    setBusy(true);
    try {
      const project =
        created ??
        (await projectsApi.create({
          ...projectBody(values, ctx),
          clientId,
          ...(values.jdFile ? { jdFileFollows: true } : {}),
          ...(candidateIds?.length ? { candidateIds } : {}),
        }));
      setCreated(project);
      draft.forget();
      const uploaded = await upload(project);
      setBusy(false);
      if (!uploaded) return;
      notify(t(`${A}.created`, { title: project.title }), 'success');
      finish(project);
    } catch (err) {
      setBusy(false);
      refused(err);
    }
  };

  const planStep = step === 'plan';
  return (
    <Dialog
      open={open}
      onClose={guard.requestClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="add-project-title"
      data-testid="add-project-dialog"
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: phone ? '100%' : undefined }}
      >
        <DialogTitle id="add-project-title">{t(planStep ? `${A}.planTitle` : `${A}.title`)}</DialogTitle>
        <DialogContent dividers>
          {!planStep && draft.notice}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="add-project-error" ref={failureRef}>
              {failure}
            </Alert>
          )}
          {created && !failure && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t(`${A}.createdRetry`)}
            </Alert>
          )}
          {planStep ? (
            <PlanChoice value={values.plan} onChange={(plan) => change({ plan })} onUsable={setPlanUsable} />
          ) : (
            <>
              {isAdmin && isRaas && (
                <Box sx={{ mb: 3 }}>
                  <PlanChoice
                    companyId={values.company?.id}
                    value={values.plan}
                    onChange={(plan) => change({ plan })}
                  />
                </Box>
              )}
              <ProjectFormFields
                values={values}
                errors={errors}
                onChange={change}
                isAdmin={isAdmin}
                disabled={busy || !!created}
              />
              {isRaas && values.plan === PLAN.free && (
                <Box sx={{ mt: 2 }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        name="freeProjectConfirmed"
                        checked={values.freeProjectConfirmed}
                        onChange={(ev) => change({ freeProjectConfirmed: ev.target.checked })}
                        disabled={busy || !!created}
                      />
                    }
                    label={t(`${A}.freeConfirm`)}
                  />
                  {errors.freeProjectConfirmed && (
                    <FormHelperText error>{t(errors.freeProjectConfirmed)}</FormHelperText>
                  )}
                </Box>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          {!planStep && raasUser && !created && (
            <Button onClick={() => setStep('plan')} disabled={busy} color="inherit" sx={{ mr: 'auto' }}>
              {t(`${A}.back`)}
            </Button>
          )}
          <Button onClick={guard.requestClose} disabled={busy} color="inherit">
            {t(created ? `${A}.openWithoutFile` : 'portal.common.cancel')}
          </Button>
          {/* Distinct keys: the click on Continue must not become a submit of the form it reveals. */}
          {planStep ? (
            <Button
              key="continue"
              variant="contained"
              onClick={() => setStep('form')}
              disabled={!planUsable}
              data-testid="plan-continue"
            >
              {t(`${A}.continue`)}
            </Button>
          ) : (
            <Button key="create" type="submit" variant="contained" disabled={busy} data-testid="create-project">
              {t(busy ? `${A}.creating` : created ? `${A}.retryUpload` : `${A}.create`)}
            </Button>
          )}
        </DialogActions>
      </Box>
      {guard.prompt}
    </Dialog>
  );
}

function ownName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name ? `${name} (${user.email})` : user.email;
}

/**
 * The open-projects list (spec section 2): the caller's open projects for one candidate, each
 * added with one click (candidate/add); the spec's messages when the candidate is already there
 * (addToAnotherProjectErrorAlreadyExists) or the add fails (addToAnotherProjectError, a network
 * failure included). Everyone searches them on the server (`q`: by title, admins also by company);
 * the list holds the 200 newest, and when more match it says so ("Showing 200 of N — type to narrow").
 * Admins read each one's company before its title ("Acme — Software Engineer").
 */
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { errorMessage } from '../../../ui/api/errors';
import { useAuth } from '../../app/auth/authContext';
import { useNotify } from '../../app/notify';
import { projectsApi, type OpenProject } from '../../api/projects';

const A = 'portal.projectsPortal.addToProject';
const M = 'portal.projectsPortal.messages';

export interface AddToProjectDialogProps {
  /** The candidate to add ('Candidate:N'); the dialog is open while set. */
  candidate?: { id: string; name: string | null };
  onClose(): void;
  /** After the candidate was added to a project. */
  onAdded?(project: OpenProject): void;
  /** Offers a new project holding the candidate (the add-project modal opens there). */
  onNewProject?(): void;
}

/** The spec's message for a refused add. */
export function addRefusal(message: string | undefined): string {
  return t(
    message && /exists/i.test(message) ? `${M}.addToAnotherProjectErrorAlreadyExists` : `${M}.addToAnotherProjectError`,
  );
}

/** A project as the list names it: its company first for admins ("Acme — Software Engineer"). */
export const projectLabel = (p: Pick<OpenProject, 'title' | 'companyName'>) =>
  p.companyName ? t(`${A}.withCompany`, { company: p.companyName, title: p.title }) : p.title;

export function AddToProjectDialog({ candidate, onClose, onAdded, onNewProject }: AddToProjectDialogProps) {
  const notify = useNotify();
  // A phone gets the whole screen, so a project's name has the room to be read (as in AddProjectDialog).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const isAdmin = useAuth().viewer?.role === 'admin';
  const [projects, setProjects] = useState<OpenProject[]>();
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState<string>();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  // The project just added to: its "Already in this project" chip takes the focus the pressed Add button loses
  // (disabled, then replaced), so the keyboard goes on from there rather than from the dialog's top. It never takes
  // the focus from a control that holds it.
  const landing = useRef<string>(undefined);
  const focusLanding = useCallback((chip: HTMLDivElement | null) => {
    if (!chip || chip.dataset.projectId !== landing.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && !(active !== chip && active.contains(chip))) return;
    landing.current = undefined;
    chip.focus();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const load = useCallback(() => {
    if (!candidate) return;
    let live = true;
    setProjects(undefined);
    setError(undefined);
    projectsApi.openProjects(candidate.id, q || undefined).then(
      (answer) => {
        if (!live) return;
        setProjects(answer.projects);
        setTotal(answer.total);
      },
      (err: unknown) => live && setError(errorMessage(err, `${A}.loadError`)),
    );
    return () => {
      live = false;
    };
  }, [candidate, q]);

  useEffect(load, [load]);

  const add = async (project: OpenProject) => {
    if (!candidate) return;
    setAdding(project.id);
    landing.current = String(project.id); // a number as the server sends it
    try {
      const answer = await projectsApi.addCandidate(project.id, candidate.id);
      if (answer && answer.success === false) {
        notify(addRefusal(answer.message), 'error');
        if (/exists/i.test(answer.message ?? ''))
          setProjects((list) => list?.map((p) => (p.id === project.id ? { ...p, hasCandidate: true } : p)));
      } else {
        notify(t(`${A}.added`, { title: projectLabel(project) }), 'success');
        setProjects((list) => list?.map((p) => (p.id === project.id ? { ...p, hasCandidate: true } : p)));
        onAdded?.(project);
      }
    } catch (err) {
      notify(addRefusal(err instanceof ApiError ? `${err.code} ${err.message}` : undefined), 'error');
    } finally {
      setAdding(undefined);
    }
  };

  return (
    <Dialog
      open={!!candidate}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby="add-to-project-title"
      data-testid="add-to-project-dialog"
    >
      <DialogTitle id="add-to-project-title">
        {t(isAdmin ? `${A}.adminTitle` : `${A}.title`, { name: candidate?.name || t(`${A}.candidate`) })}
      </DialogTitle>
      <DialogContent dividers>
        <TextField
          label={t(isAdmin ? `${A}.search` : `${A}.searchTitle`)}
          type="search"
          size="small"
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'open-projects-search' } }}
        />
        {projects && total > projects.length && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="open-projects-cut">
            {t(`${A}.cut`, { shown: projects.length, total })}
          </Alert>
        )}
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={load}>
                {t('portal.projectsPortal.list.retry')}
              </Button>
            }
          >
            {t(isAdmin ? `${A}.adminLoadError` : `${A}.loadError`)}
          </Alert>
        ) : !projects ? (
          <Stack spacing={1} aria-label={t(isAdmin ? `${A}.adminLoading` : `${A}.loading`)} role="status">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} variant="rectangular" height={48} sx={{ borderRadius: 1 }} />
            ))}
          </Stack>
        ) : projects.length === 0 ? (
          <Alert severity="info">{t(q ? `${A}.noneFound` : isAdmin ? `${A}.adminNone` : `${A}.none`)}</Alert>
        ) : (
          <List disablePadding data-testid="open-projects">
            {projects.map((p) => (
              <ListItem
                key={p.id}
                divider
                disableGutters
                data-project-title={p.title}
                secondaryAction={
                  p.hasCandidate ? (
                    <Chip
                      size="small"
                      icon={<CheckOutlined />}
                      label={t(`${A}.already`)}
                      ref={focusLanding}
                      tabIndex={-1}
                      data-project-id={p.id}
                    />
                  ) : (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={!!adding}
                      onClick={() => void add(p)}
                      aria-label={`${t(`${A}.add`)} ${projectLabel(p)}`}
                    >
                      {t(`${A}.add`)}
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={projectLabel(p)}
                  secondary={t(`portal.projectsPortal.status.${p.status}`)}
                  // The whole name shows, on as many lines as it takes, clear of the button beside it.
                  sx={{ pr: 16 }}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {onNewProject && (
          <Button onClick={onNewProject} sx={{ mr: 'auto' }} data-testid="new-project-with-candidate">
            {t(`${A}.newProject`)}
          </Button>
        )}
        <Button onClick={onClose}>{t(`${A}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

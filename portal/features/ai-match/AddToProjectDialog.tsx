/**
 * Adds AI match results to a project's suggested tab. The projects offered are the caller's open
 * ones it curates into (an advocate: the projects they advocate), each saying how many of the chosen
 * candidates its board already holds (asked for every candidate, not the first alone). The run's own
 * project is asked for by id, however old, and chosen first when it is one of them; otherwise (closed,
 * or not the caller's to curate) nothing is chosen, so a project of another company is never picked
 * unasked. The notice
 * says how many were added and how many were already there. Each project is named by its company
 * and title ("Acme — Backend Engineer", the search page's projectLabel), and a search (title or
 * company, on the server: `q`) reaches past the newest open projects the list holds.
 */
import { Alert, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { errorMessage } from '../../../ui/api/errors';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { aiMatchApi } from '../../api/aiMatch';
import { useNotify } from '../../app/notify';
import { projectLabel } from '../projects/AddToProjectDialog';

const P = 'portal.aiMatchPage';

interface Offered {
  id: string;
  title: string;
  companyName?: string | null;
  /** How many of the chosen candidates the project already holds. */
  holding: number;
}

export function AddToProjectDialog({
  ids,
  runProjectId,
  onClose,
  onAdded,
}: {
  /** The candidates to add; the dialog is open while set. */
  ids: string[] | null;
  runProjectId: string | null;
  onClose: () => void;
  onAdded: () => void;
}) {
  const notify = useNotify();
  const [projects, setProjects] = useState<Offered[] | null>(null);
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');

  // Another set of candidates starts afresh: no search, nothing chosen.
  useEffect(() => {
    setText('');
    setQ('');
    setProjectId('');
    setMissing(false);
  }, [ids]);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    setProjects(null);
    setError(null);
    if (!ids?.length) return;
    let live = true;
    Promise.all(ids.map((id) => aiMatchApi.projects(id, q || undefined, runProjectId ?? undefined)))
      .then((lists) => {
        if (!live) return;
        const offered = lists[0].data.map((p) => ({
          id: p.id,
          title: p.title,
          companyName: p.companyName,
          holding: lists.filter((l) => l.data.find((o) => o.id === p.id)?.hasCandidate).length,
        }));
        setProjects(offered);
        // A choice the search still lists stays; else the run's own project, never another unasked.
        setProjectId((chosen) =>
          chosen
            ? offered.some((p) => p.id === chosen)
              ? chosen
              : ''
            : (offered.find((p) => p.id === runProjectId)?.id ?? ''),
        );
      })
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [ids, runProjectId, q]);

  const total = ids?.length ?? 0;
  const titleOf = (p: Offered) => {
    const title = projectLabel(p);
    return p.holding === 0
      ? title
      : total === 1
        ? t(`${P}.alreadyThere`, { title })
        : t(`${P}.alreadySome`, { title, count: p.holding, total });
  };

  const confirm = async () => {
    if (!projectId || !ids) return setMissing(true);
    setBusy(true);
    setError(null);
    try {
      const { added } = await aiMatchApi.curate(projectId, ids);
      const already = ids.length - added;
      notify(already > 0 ? t(`${P}.addedSome`, { added, already }) : t(`${P}.addedAll`, { added }));
      onAdded();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const ownMissing = Boolean(!q && runProjectId && projects && !projects.some((p) => p.id === runProjectId));
  return (
    <ConfirmDialog
      open={Boolean(ids)}
      title={t(`${P}.add`)}
      message={t(`${P}.confirmAdd`, { count: total })}
      confirmLabel={t(`${P}.add`)}
      busy={busy || !projects}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {ownMissing && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t(`${P}.noOwnProject`)}
        </Alert>
      )}
      <TextField
        fullWidth
        size="small"
        type="search"
        label={t('portal.projectsPortal.addToProject.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ mt: 2 }}
      />
      <TextField
        select
        fullWidth
        required
        label={t(`${P}.project`)}
        value={projectId}
        error={missing && !projectId}
        helperText={missing && !projectId ? t(`${P}.chooseProject`) : undefined}
        onChange={(e) => setProjectId(e.target.value)}
        sx={{ mt: 2 }}
      >
        {(projects ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {titleOf(p)}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  );
}

/**
 * Notes on a candidate in this project, in the profile panel: pages of 20, each after the last note
 * held (so a deletion skips none), loaded until a page comes back short (no duplicate keys), one's own notes written, edited and deleted (with a
 * confirmation); admins choose who reads a note. Read again when the board reloads on a change (`version`).
 */
import { Alert, Box, Button, Divider, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { NOTE_VISIBILITY } from '../../../schema/rules/pipeline';
import { actionErrorMessage } from '../../../ui/api/errors';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { pipelineApi, type Note } from '../../api/pipeline';
import { useNotify } from '../../app/notify';
import { formatDate } from '../../components/format';
import { initialNotes, mergeNotesPage, removeNote, upsertNote, type NotesState } from './notesLogic';

type Visibility = 1 | 2;

function NoteEditor({
  initial,
  visibility,
  isAdmin,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: string;
  visibility: Visibility;
  isAdmin: boolean;
  busy: boolean;
  submitLabel: string;
  onSubmit(text: string, visibility: Visibility): void;
  onCancel?(): void;
}) {
  const [text, setText] = useState(initial);
  const [vis, setVis] = useState<Visibility>(visibility);
  return (
    <Stack
      spacing={1}
      component="form"
      onSubmit={(e) => (e.preventDefault(), text.trim() && onSubmit(text.trim(), vis))}
    >
      <TextField
        multiline
        minRows={2}
        size="small"
        label={initial ? t('portal.pipeline.notes.edit') : t('portal.pipeline.notes.add')}
        placeholder={t('portal.pipeline.notes.placeholder')}
        helperText={t('dataExportCopy.notesIncluded')}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, 5000))}
        slotProps={{ htmlInput: { 'data-testid': 'note-input' } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {isAdmin && (
          <TextField
            select
            size="small"
            fullWidth={false}
            label={t('portal.pipeline.notes.visibility')}
            value={vis}
            onChange={(e) => setVis(Number(e.target.value) as Visibility)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value={NOTE_VISIBILITY.adminsOnly}>{t('portal.pipeline.notes.adminsOnly')}</MenuItem>
            <MenuItem value={NOTE_VISIBILITY.companyToo}>{t('portal.pipeline.notes.companyToo')}</MenuItem>
          </TextField>
        )}
        <Box sx={{ flex: 1 }} />
        {onCancel && (
          <Button onClick={onCancel} color="inherit" disabled={busy}>
            {t('portal.pipeline.notes.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy || !text.trim()}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

export function NotesSection({
  candidateId,
  projectId,
  isAdmin,
  version,
}: {
  candidateId: string;
  projectId: string;
  isAdmin: boolean;
  /** A new value (the project's board reloaded on a change) reads the notes again, as many as are held. */
  version?: number;
}) {
  const [state, setState] = useState<NotesState<Note>>(initialNotes);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<string>();
  const [draftKey, setDraftKey] = useState(0);
  const notify = useNotify();
  const controller = useRef<AbortController>(undefined);

  const loadPage = useCallback(
    (from: NotesState<Note>) => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      setLoading(true);
      setFailed(false);
      pipelineApi
        // After the last note held, not by page number: a note deleted or written meanwhile skips none.
        .notes(candidateId, projectId, from.page, mine.signal, from.notes.at(-1)?.key)
        .then((answer) => {
          if (mine.signal.aborted) return;
          setState(mergeNotesPage(from, answer.data));
          setLoading(false);
        })
        .catch(() => {
          if (mine.signal.aborted) return;
          setFailed(true);
          setLoading(false);
        });
    },
    [candidateId, projectId],
  );

  useEffect(() => {
    const fresh = initialNotes<Note>();
    setState(fresh);
    setEditing(undefined);
    loadPage(fresh);
    return () => controller.current?.abort();
  }, [loadPage]);

  // Read again from the newest, as many as are held, then shown at once: a teammate's new note appears on top, an
  // edited or deleted one follows. The note being typed or edited is not touched.
  const held = useRef(state);
  held.current = state;
  const refresh = useCallback(async () => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    let next = initialNotes<Note>();
    try {
      while (!next.done && next.notes.length < Math.max(held.current.notes.length, 1)) {
        const answer = await pipelineApi.notes(candidateId, projectId, next.page, mine.signal, next.notes.at(-1)?.key);
        next = mergeNotesPage(next, answer.data);
      }
    } catch {
      // Not answered: the notes shown stay until the next change.
      if (!mine.signal.aborted) setLoading(false);
      return;
    }
    if (mine.signal.aborted) return;
    setState(next);
    setLoading(false);
    setFailed(false);
  }, [candidateId, projectId]);
  const asked = useRef(version);
  useEffect(() => {
    if (version === asked.current) return;
    asked.current = version;
    void refresh();
  }, [version, refresh]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notify(actionErrorMessage(err), 'error');
    }
    setBusy(false);
  };

  const add = (note: string, visibility: Visibility) =>
    run(async () => {
      const answer = await pipelineApi.addNote({ candidateId, projectId, note, visibility });
      if (answer.data) setState((s) => upsertNote(s, answer.data as Note));
      setDraftKey((k) => k + 1);
      notify(t('portal.pipeline.notes.saved'), 'success');
    });
  const edit = (key: string, note: string, visibility: Visibility) =>
    run(async () => {
      const answer = await pipelineApi.editNote(key, note, visibility);
      if (answer.data) setState((s) => upsertNote(s, answer.data as Note));
      setEditing(undefined);
      notify(t('portal.pipeline.notes.saved'), 'success');
    });
  const remove = (key: string) =>
    run(async () => {
      await pipelineApi.deleteNote(key);
      setState((s) => removeNote(s, key));
      setDeleting(undefined);
      notify(t('portal.pipeline.notes.deleted'), 'success');
    });

  return (
    <Box component="section" aria-labelledby="notes-title" data-testid="notes" sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="notes-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('portal.pipeline.notes.title')}
      </Typography>
      <NoteEditor
        key={draftKey}
        initial=""
        visibility={NOTE_VISIBILITY.companyToo}
        isAdmin={isAdmin}
        busy={busy}
        submitLabel={t('portal.pipeline.notes.save')}
        onSubmit={(text, vis) => void add(text, vis)}
      />
      <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="note-list">
        {state.notes.map((n) =>
          editing === n.key ? (
            <NoteEditor
              key={n.key}
              initial={n.note}
              visibility={n.visibility}
              isAdmin={isAdmin}
              busy={busy}
              submitLabel={t('portal.pipeline.notes.update')}
              onSubmit={(text, vis) => void edit(n.key, text, vis)}
              onCancel={() => setEditing(undefined)}
            />
          ) : (
            <Box key={n.key} data-testid="note" sx={{ p: 1.5, borderRadius: 1, bgcolor: 'background.default' }}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {n.note}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
                  {t('portal.pipeline.notes.by', {
                    name: n.mine ? t('portal.pipeline.notes.you') : (n.authorName ?? ''),
                    date: formatDate(n.createdAt) ?? '',
                  })}
                  {n.updatedAt ? ` · ${t('portal.pipeline.notes.edited')}` : ''}
                  {isAdmin
                    ? ` · ${t(n.visibility === NOTE_VISIBILITY.adminsOnly ? 'portal.pipeline.notes.adminsOnly' : 'portal.pipeline.notes.companyToo')}`
                    : ''}
                </Typography>
                {(n.mine || isAdmin) && (
                  <>
                    <Button size="small" onClick={() => setEditing(n.key)} disabled={busy}>
                      {t('portal.pipeline.notes.edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(n.key)} disabled={busy}>
                      {t('portal.pipeline.notes.delete')}
                    </Button>
                  </>
                )}
              </Stack>
            </Box>
          ),
        )}
        {loading && <Skeleton variant="rectangular" height={56} />}
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => loadPage(state)}>
                {t('portal.pipeline.retry')}
              </Button>
            }
          >
            {t('portal.pipeline.notes.error')}
          </Alert>
        )}
        {!loading && !failed && state.done && state.notes.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('portal.pipeline.notes.empty')}
          </Typography>
        )}
        {!loading && !failed && !state.done && (
          <Button onClick={() => loadPage(state)} sx={{ alignSelf: 'flex-start' }}>
            {t('portal.pipeline.notes.more')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('portal.pipeline.notes.deleteTitle')}
        message={t('portal.pipeline.notes.deleteText')}
        confirmLabel={t('portal.pipeline.notes.delete')}
        destructive
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}

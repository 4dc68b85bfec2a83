/**
 * One pair side by side (/admin/duplicates/:id): every field of both profiles in words, a choice per field
 * of the value that survives (preset to the fuller, then the newer), what else each holds, and the
 * two answers: "not the same person" (never proposed again, so asked first) and "merge" (asked first too, naming
 * what moves; undoable for a while, here and later from the kept profile's talent page, MergedProfiles.tsx). A
 * merge sends only the choices the admin changed, with the review's protective stamp: the server
 * takes its defaults at the merge for the rest, and refuses a protective choice made before the
 * person changed one (duplicates.changedSinceReview). Each answer is sent once: its button waits while it runs.
 * Twins usually share their name: each side is named with its number and what tells it apart (`sideNames`), in the
 * table's columns and in the confirmations. A pair decided meanwhile (another tab, another admin) shows what became of
 * it, with a link to the kept profile and the merges list's undo (PairResolved.tsx); an answer refused because the screen is behind loads the
 * pair again rather than leaving buttons that can only be refused.
 */
import { Alert, AlertTitle, Button, Card, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Confirm, HttpError, Title, useBasename, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import { MERGE_UNDO_DAYS } from '../../schema/entities/candidateDuplicate';
import { apiCall } from '../providers/http';
import { DuplicateFields } from './DuplicateFields';
import { PairResolved } from './PairResolved';
import {
  failureText,
  giversOf,
  keepFor,
  pairGone,
  resolutionIn,
  sideNames,
  type Giver,
  type PairDetail,
  type Resolution,
} from './pairs';

const SELF_CHOSEN = 'candidates.errors.selfChosenStatus';
/** A confirmation naming an address wraps it anywhere: on a phone a long one is wider than the dialog. */
const WRAP_ANYWHERE = { '& .MuiDialogContentText-root': { overflowWrap: 'anywhere' } } as const;
type Action = 'merge' | 'dismiss' | 'undo';

/**
 * The pair of `id`, loaded again by `retry`: undefined while it loads, `failed` when it could not be, `resolution` when
 * it was decided since (PairResolved.tsx).
 */
function usePair(id: string) {
  const [pair, setPair] = useState<PairDetail>();
  const [failed, setFailed] = useState<string>();
  const [resolution, setResolution] = useState<Resolution>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setPair(undefined);
    setFailed(undefined);
    setResolution(undefined);
    apiCall<PairDetail>(`/candidate-duplicates/${encodeURIComponent(id)}`)
      .then(setPair)
      .catch((err: unknown) => {
        const decided = resolutionIn(err);
        if (decided) setResolution(decided);
        else setFailed(failureText(err));
      });
  }, [id, attempt]);
  return { pair, failed, resolution, retry: () => setAttempt((n) => n + 1) };
}

/**
 * Runs one action at a time: a second click while one runs sends nothing; a failure is notified in words, and one
 * `stale` says left the screen behind (the pair decided meanwhile, the merge undone elsewhere) loads the pair again
 * (`reload`), so the screen shows what is now so rather than buttons that can only be refused (a pair decided
 * meanwhile is told by the page loaded again, not by a notice).
 */
function useAction(reload: () => void, stale: (err: unknown) => boolean) {
  const notify = useNotify();
  const running = useRef(false);
  const [pending, setPending] = useState<Action>();
  const act = async (which: Action, fn: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(which);
    try {
      await fn();
    } catch (err) {
      // A pair decided meanwhile is explained by the page itself once loaded again, not by "Pair not found".
      if (!pairGone(err)) notify(failureText(err), { type: 'error' });
      if (stale(err)) reload();
    } finally {
      running.current = false;
      setPending(undefined);
    }
  };
  return { pending, act };
}

const Frame = ({ children }: { children: ReactNode }) => (
  <Card sx={{ p: 2, mt: 2 }}>
    <Title title={t('duplicates.review.title')} />
    {children}
  </Card>
);

export function DuplicateReview() {
  const { id = '' } = useParams();
  const { pair, failed, resolution, retry } = usePair(id);
  if (resolution)
    return (
      <Frame>
        <PairResolved resolution={resolution} reload={retry} />
      </Frame>
    );
  if (failed)
    return (
      <Frame>
        <Alert severity="error" action={<Button onClick={retry}>{t('duplicates.review.retry')}</Button>}>
          <AlertTitle>{t('duplicates.review.loadFailed')}</AlertTitle>
          {failed}
        </Alert>
      </Frame>
    );
  if (!pair)
    return (
      <Frame>
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('duplicates.review.loading')} />
        </Stack>
      </Frame>
    );
  return <PairReview key={pair.id} pair={pair} reload={retry} />;
}

/** What the merge moves, in one sentence: the merged profile's projects and notes go to the survivor, undoable for a while. */
function mergeSentence(pair: PairDetail, survivor: Giver, nameOf: (g: Giver) => string): string {
  const other: Giver = survivor === 'first' ? 'second' : 'first';
  const counts = pair.counts[(other === 'first' ? pair.candidate : pair.other).id] ?? {};
  return t('duplicates.review.mergeContent', {
    merged: nameOf(other),
    survivor: nameOf(survivor),
    projects: t('duplicates.counts.projects', { n: counts.projects ?? 0 }),
    notes: t('duplicates.counts.notes', { n: counts.notes ?? 0 }),
    days: MERGE_UNDO_DAYS,
  });
}

/** A refusal that says the screen is behind: the pair decided meanwhile, or an undo the server answered no to. */
const staleFor = (merged: boolean) => (err: unknown) =>
  pairGone(err) || (merged && err instanceof HttpError && err.status >= 400 && err.status < 500);

function PairReview({ pair, reload }: { pair: PairDetail; reload: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const [givers, setGivers] = useState<Record<string, Giver>>(() => giversOf(pair.defaults));
  const [survivor, setSurvivor] = useState<Giver>('first');
  const [merged, setMerged] = useState<{ mergeId: number; name: string }>();
  const { pending, act } = useAction(reload, staleFor(merged !== undefined));
  // The kept status would show again someone who paused their own profile: the server asks for a confirmation.
  const [askPaused, setAskPaused] = useState(false);
  const [askNotSame, setAskNotSame] = useState(false);
  const [askMerge, setAskMerge] = useState(false);
  const path = `/candidate-duplicates/${encodeURIComponent(pair.id)}`;
  const profiles = { first: pair.candidate, second: pair.other };
  const names = sideNames(pair);
  const nameOf = (g: Giver) => names[g].label;

  const dismiss = () =>
    act('dismiss', async () => {
      // The dialog stays open, its buttons waiting, until the answer comes.
      await apiCall(`${path}/dismiss`, { method: 'POST' }).finally(() => setAskNotSame(false));
      notify(t('duplicates.review.dismissed'), { type: 'success' });
      navigate(`${basename}/duplicates`);
    });
  const merge = (confirm = false) =>
    act('merge', async () => {
      setAskPaused(false);
      const keep = keepFor(givers, giversOf(pair.defaults), survivor);
      const body = { survivorId: profiles[survivor].id, keep, confirm, reviewed: pair.reviewed };
      try {
        const done = await apiCall<{ mergeId: number }>(`${path}/merge`, { method: 'POST', body });
        setMerged({ mergeId: done.mergeId, name: nameOf(survivor) });
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 409 && err.body?.code === SELF_CHOSEN)) throw err;
        setAskPaused(true);
      } finally {
        // The confirmation stays open, its buttons waiting, until the answer comes.
        setAskMerge(false);
      }
    });
  const undo = () =>
    act('undo', async () => {
      await apiCall(`/candidate-merges/${merged!.mergeId}/undo`, { method: 'POST' });
      notify(t('duplicates.review.undone'), { type: 'success' });
      navigate(`${basename}/duplicates`);
    });

  if (merged)
    return (
      <Frame>
        <Alert
          severity="success"
          action={
            <Button onClick={() => void undo()} disabled={pending === 'undo'}>
              {t('duplicates.review.undo')}
            </Button>
          }
        >
          {t('duplicates.review.merged', { name: merged.name })}
        </Alert>
      </Frame>
    );

  return (
    <Frame>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('duplicates.review.title')}
      </Typography>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {pair.reasons.map((r) => (
          <Chip key={r} size="small" label={t(`duplicates.reasons.${r}`)} />
        ))}
        <Typography variant="body2">
          {t('duplicates.queue.confidence')}: {pair.confidence}%
        </Typography>
      </Stack>
      <Stack sx={{ overflowX: 'auto' }}>
        <DuplicateFields {...{ pair, profiles, names, survivor, setSurvivor, givers, setGivers }} />
      </Stack>
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 2 }}>
        <Button variant="contained" onClick={() => setAskMerge(true)} disabled={pending !== undefined}>
          {t('duplicates.review.merge')}
        </Button>
        <Button onClick={() => setAskNotSame(true)} disabled={pending !== undefined}>
          {t('duplicates.review.notSame')}
        </Button>
      </Stack>
      <Confirm
        isOpen={askNotSame}
        loading={pending === 'dismiss'}
        title={t('duplicates.review.notSameTitle')}
        sx={WRAP_ANYWHERE}
        content={t('duplicates.review.notSameContent', { first: nameOf('first'), second: nameOf('second') })}
        confirm={t('duplicates.review.notSameConfirm')}
        cancel={t('admin.common.cancel')}
        confirmColor="warning"
        onConfirm={() => void dismiss()}
        onClose={() => setAskNotSame(false)}
      />
      <Confirm
        isOpen={askMerge}
        loading={pending === 'merge'}
        title={t('duplicates.review.mergeTitle')}
        sx={WRAP_ANYWHERE}
        content={mergeSentence(pair, survivor, nameOf)}
        confirm={t('duplicates.review.mergeConfirm')}
        cancel={t('admin.common.cancel')}
        onConfirm={() => void merge()}
        onClose={() => setAskMerge(false)}
      />
      <Confirm
        isOpen={askPaused}
        loading={pending === 'merge'}
        title={t('duplicates.review.pausedTitle')}
        content={t('duplicates.review.pausedContent')}
        confirm={t('duplicates.review.pausedConfirm')}
        cancel={t('admin.common.cancel')}
        confirmColor="warning"
        onConfirm={() => void merge(true)}
        onClose={() => setAskPaused(false)}
      />
    </Frame>
  );
}

/**
 * One pair side by side (/admin/duplicates/:id): every field of both profiles, a choice per field
 * of the value that survives (preset to the fuller, then the newer), what else each holds, and the
 * two answers: "not the same person" (never proposed again) and "merge" (undoable for a while). A
 * merge sends only the choices the admin changed, with the review's protective stamp: the server
 * takes its defaults at the merge for the rest, and refuses a protective choice made before the
 * person changed one (duplicates.changedSinceReview).
 */
import {
  Alert,
  Button,
  Card,
  Chip,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, HttpError, Title, useBasename, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import { entity } from '../../schema';
import { choiceLabel } from '../../ui/candidate-profile/labels';
import { apiCall } from '../providers/http';
import { giversOf, keepFor, shown, type Giver, type PairDetail } from './pairs';

const candidate = entity('candidate');
const SELF_CHOSEN = 'candidates.errors.selfChosenStatus';
const label = (field: string) => candidate.fields[field]?.label ?? field;

export function DuplicateReview() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const [pair, setPair] = useState<PairDetail>();
  const [givers, setGivers] = useState<Record<string, Giver>>({});
  const [survivor, setSurvivor] = useState<Giver>('first');
  const [failed, setFailed] = useState<string>();
  const [merged, setMerged] = useState<{ mergeId: number; name: string }>();
  // The kept status would show again someone who paused their own profile: the server asks for a confirmation.
  const [askPaused, setAskPaused] = useState(false);

  useEffect(() => {
    apiCall<PairDetail>(`/candidate-duplicates/${encodeURIComponent(id)}`)
      .then((p) => {
        setPair(p);
        setGivers(giversOf(p.defaults));
      })
      .catch((err: Error) => setFailed(err.message));
  }, [id]);

  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!pair) return null;
  const profiles = { first: pair.candidate, second: pair.other };
  const act = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      notify(err instanceof Error ? err.message : t('errors.generic'), { type: 'error' });
    }
  };
  const dismiss = () =>
    act(async () => {
      await apiCall(`/candidate-duplicates/${encodeURIComponent(id)}/dismiss`, { method: 'POST' });
      notify(t('duplicates.review.dismissed'), { type: 'success' });
      navigate(`${basename}/duplicates`);
    });
  const merge = (confirm = false) =>
    act(async () => {
      setAskPaused(false);
      try {
        const done = await apiCall<{ mergeId: number }>(`/candidate-duplicates/${encodeURIComponent(id)}/merge`, {
          method: 'POST',
          body: {
            survivorId: profiles[survivor].id,
            keep: keepFor(givers, giversOf(pair.defaults), survivor),
            confirm,
            reviewed: pair.reviewed,
          },
        });
        setMerged({ mergeId: done.mergeId, name: String(profiles[survivor].name ?? '') });
      } catch (err) {
        const paused = err instanceof HttpError && err.status === 409 && err.body?.code === SELF_CHOSEN;
        if (!paused) throw err;
        setAskPaused(true);
      }
    });
  const undo = () =>
    act(async () => {
      await apiCall(`/candidate-merges/${merged!.mergeId}/undo`, { method: 'POST' });
      notify(t('duplicates.review.undone'), { type: 'success' });
      navigate(`${basename}/duplicates`);
    });

  if (merged)
    return (
      <Card sx={{ p: 2, mt: 2 }}>
        <Title title={t('duplicates.review.title')} />
        <Alert severity="success" action={<Button onClick={() => void undo()}>{t('duplicates.review.undo')}</Button>}>
          {t('duplicates.review.merged', { name: merged.name })}
        </Alert>
      </Card>
    );

  return (
    <Card sx={{ p: 2, mt: 2 }}>
      <Title title={t('duplicates.review.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('duplicates.review.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        {pair.reasons.map((r) => (
          <Chip key={r} size="small" label={t(`duplicates.reasons.${r}`)} />
        ))}
        <Typography variant="body2">
          {t('duplicates.queue.confidence')}: {pair.confidence}%
        </Typography>
      </Stack>
      <Table size="small" aria-label={t('duplicates.review.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('duplicates.review.field')}</TableCell>
            {(['first', 'second'] as const).map((g) => (
              <TableCell key={g}>
                <FormControlLabel
                  control={<Radio checked={survivor === g} onChange={() => setSurvivor(g)} />}
                  label={`${t('duplicates.review.keep')} ${profiles[g].name ?? profiles[g].id}`}
                />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {pair.fields.map((field) => {
            const value = (g: Giver) => choiceLabel(field, profiles[g][field]) ?? shown(profiles[g][field]);
            const values = { first: value('first'), second: value('second') };
            if (!values.first && !values.second) return null;
            return (
              <TableRow key={field}>
                <TableCell component="th" scope="row">
                  {label(field)}
                </TableCell>
                <TableCell colSpan={2}>
                  <RadioGroup
                    row
                    aria-label={label(field)}
                    value={givers[field]}
                    onChange={(e) => setGivers((g) => ({ ...g, [field]: e.target.value as Giver }))}
                  >
                    {(['first', 'second'] as const).map((g) => (
                      <FormControlLabel
                        key={g}
                        value={g}
                        control={<Radio size="small" />}
                        label={values[g] || t('duplicates.review.empty')}
                        sx={{ flex: 1, wordBreak: 'break-word' }}
                      />
                    ))}
                  </RadioGroup>
                </TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell component="th" scope="row">
              {t('duplicates.review.moves')}
            </TableCell>
            {(['first', 'second'] as const).map((g) => (
              <TableCell key={g}>
                {Object.entries(pair.counts[profiles[g].id] ?? {})
                  .map(([k, n]) => `${k}: ${n}`)
                  .join(', ')}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => void merge()}>
          {t('duplicates.review.merge')}
        </Button>
        <Button onClick={() => void dismiss()}>{t('duplicates.review.notSame')}</Button>
      </Stack>
      <Confirm
        isOpen={askPaused}
        title={t('duplicates.review.pausedTitle')}
        content={t('duplicates.review.pausedContent')}
        confirm={t('duplicates.review.pausedConfirm')}
        cancel={t('admin.common.cancel')}
        confirmColor="warning"
        onConfirm={() => void merge(true)}
        onClose={() => setAskPaused(false)}
      />
    </Card>
  );
}

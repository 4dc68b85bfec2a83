/**
 * "Ask for a correction" on the candidate's profile page: the fields our team keeps, which the
 * candidate cannot edit, can be questioned with the value they should hold and why. The candidate's
 * requests are listed with their state and, once answered, the admins' answer. A first read that fails says why
 * with Try again (RetryAlert); what was typed meanwhile stays.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { startTransition, useEffect, useState, type FormEvent } from 'react';
import { formatDate } from '../../../schema/rules/dates';
import { api, ApiError } from '../../../ui/api/client';
import { errorMessage } from '../../../ui/api/errors';
import { growingLines } from '../../../ui/candidate-profile/inputs';
import { t } from '../../../i18n';
import { useNotify } from '../../app/notify';
import { RetryAlert } from '../../components/RetryAlert';

interface Correction {
  id: string;
  field: string;
  proposedValue: string | null;
  note: string;
  status: 'open' | 'applied' | 'declined';
  answer: string | null;
  askedAt: string;
}
interface Answer {
  fields: string[];
  corrections: Correction[];
}

const fieldLabel = (field: string) => t(`entities.candidate.fields.${field}`);
const COLORS = { open: 'default', applied: 'success', declined: 'warning' } as const;

export function DataCorrections() {
  const notify = useNotify();
  const [answer, setAnswer] = useState<Answer>();
  const [field, setField] = useState('');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    // The answer is drawn as a transition, in slices the browser can breathe between, not in one long task.
    api<Answer>('data-rights/corrections')
      .then((a) => live && startTransition(() => setAnswer(a)))
      .catch((err: unknown) => live && setLoadError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [attempt]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setError(undefined);
    try {
      const body = { field, proposedValue: value, note };
      setAnswer(await api<Answer>('data-rights/corrections', { method: 'POST', body }));
      setField('');
      setValue('');
      setNote('');
      notify(t('portal.dataCorrection.sent'), 'success');
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length)
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, t(v)])));
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="data-correction-title" variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="data-correction-title" variant="h6" component="h2">
            {t('portal.dataCorrection.title')}
          </Typography>
          <Typography color="text.secondary">{t('portal.dataCorrection.intro')}</Typography>
          {loadError && !answer && (
            <RetryAlert
              data-testid="data-corrections-load-error"
              onRetry={() => {
                setLoadError(undefined);
                setAttempt((n) => n + 1);
              }}
            >
              {loadError}
            </RetryAlert>
          )}
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <TextField
                select
                label={t('portal.dataCorrection.field')}
                value={field}
                onChange={(e) => setField(e.target.value)}
                error={!!errors.field}
                helperText={errors.field}
                required
                fullWidth
              >
                {(answer?.fields ?? []).map((f) => (
                  <MenuItem key={f} value={f}>
                    {fieldLabel(f)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('portal.dataCorrection.value')}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                error={!!errors.proposedValue}
                helperText={errors.proposedValue ?? t('portal.dataCorrection.valueHint')}
                fullWidth
              />
              <TextField
                label={t('portal.dataCorrection.note')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                error={!!errors.note}
                helperText={errors.note}
                {...growingLines(2, 8)}
                required
                fullWidth
              />
              {error && <Alert severity="error">{error}</Alert>}
              <Box>
                <Button type="submit" variant="outlined" disabled={busy || !answer}>
                  {t('portal.dataCorrection.send')}
                </Button>
              </Box>
            </Stack>
          </Box>
          {!!answer?.corrections.length && (
            <Box>
              <Typography variant="subtitle1" component="h3">
                {t('portal.dataCorrection.list')}
              </Typography>
              <List aria-label={t('portal.dataCorrection.list')}>
                {answer.corrections.map((c) => (
                  <ListItem
                    key={c.id}
                    disableGutters
                    divider
                    sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
                  >
                    <ListItemText
                      sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                      primary={`${fieldLabel(c.field)}: ${c.proposedValue ?? t('portal.dataCorrection.removeValue')}`}
                      secondary={
                        <>
                          {`${formatDate(c.askedAt) ?? ''} · ${c.note}`}
                          {c.answer && (
                            <Box component="span" sx={{ display: 'block' }}>
                              {t('portal.dataCorrection.answer', { answer: c.answer })}
                            </Box>
                          )}
                        </>
                      }
                    />
                    <Chip size="small" color={COLORS[c.status]} label={t(`portal.dataCorrection.status.${c.status}`)} />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

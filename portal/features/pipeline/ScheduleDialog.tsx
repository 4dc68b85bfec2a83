/**
 * The interview schedule asked for when a candidate moves to interviewing or interviewing2 (spec
 * section 4): the interviewer, in person or virtual, the duration, the time zone and the proposed
 * date-time slots. The form is checked with the schema the API checks it with
 * (schema/validation/schedule.ts); a field shows its message once it was left or the form was sent. While the move
 * is sent the dialog stays, pending; a refusal shows inside it (`error`), the server's field errors beside their
 * fields (`fields`, until the field is changed), and a form sent again starts from what was typed (`draft`).
 */
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { t } from '../../../i18n';
import { INTERVIEW_DURATIONS, INTERVIEW_TYPE } from '../../../schema/rules/pipeline';
import { canonicalZone, readerZone } from '../../../schema/rules/timeZones';
import { fieldErrorsOf, ruleMessage } from '../../../schema/validation/issues';
import { scheduleSchema } from '../../../schema/validation/schedule';
import type { ScheduleData } from '../../api/pipeline';
import { ScheduleSlots } from './ScheduleSlots';
import { TimeZonePicker } from './TimeZonePicker';

interface Props {
  open: boolean;
  title: string;
  text: string;
  initial: Partial<ScheduleData>;
  busy?: boolean;
  /** What was typed before a refused move, times included. */
  draft?: ScheduleData;
  /** Why the move was refused. */
  error?: string;
  /** The server's field errors, texts by the form's field ('meetingLink', 'slots.0'). */
  fields?: Record<string, string>;
  onConfirm(data: ScheduleData): void;
  onClose(): void;
}

/** The form's problems as texts by field ('slots.0' for a slot), through the API's message keys. */
function problems(form: ScheduleData): Record<string, string> {
  const parsed = scheduleSchema().safeParse(form, { error: ruleMessage });
  if (parsed.success) return {};
  return Object.fromEntries(
    Object.entries(fieldErrorsOf(parsed.error)).map(([field, key]) => [field, t(`scheduleFormData.${key}`)]),
  );
}

const NONE: Record<string, string> = {};

/** `fields` without those of `key` ('slots' takes 'slots.0' along). */
const without = (fields: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(fields).filter(([f]) => f !== key && !f.startsWith(`${key}.`)));

export function ScheduleDialog(props: Props) {
  const { open, title, text, initial, busy, draft, error, fields = NONE, onConfirm, onClose } = props;
  const [form, setForm] = useState<ScheduleData>(() => ({
    interviewerName: initial.interviewerName ?? '',
    interviewerEmail: initial.interviewerEmail ?? '',
    type: initial.type === INTERVIEW_TYPE.inPerson ? 1 : 2,
    address: initial.address ?? '',
    meetingLink: initial.meetingLink ?? '',
    duration: (INTERVIEW_DURATIONS as readonly number[]).includes(initial.duration ?? 0)
      ? (initial.duration as number)
      : 60,
    // By its current name, as the picker lists it (a schedule kept as 'Asia/Calcutta' reads 'Asia/Kolkata').
    timezone: canonicalZone(initial.timezone) ?? readerZone(),
    // Times are proposed afresh for each interview: a remembered schedule brings none.
    slots: [''],
    ...draft,
  }));
  const [start] = useState(form);
  const guard = useDiscardGuard(!busy && (Boolean(draft) || changedFrom(form, start)), onClose);
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  // The server's field errors stay beside their fields until these are changed; new ones replace them.
  const [served, setServed] = useState(fields);
  const [servedFrom, setServedFrom] = useState(() => JSON.stringify(fields));
  if (servedFrom !== JSON.stringify(fields)) {
    setServedFrom(JSON.stringify(fields));
    setServed(fields);
  }
  const set = <K extends keyof ScheduleData>(key: K, value: ScheduleData[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServed((s) => without(s, key));
  };
  const touch = (field: string) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));

  const errors = problems(form);
  const shown = (field: string) => (tried || touched.has(field) ? errors[field] : undefined) ?? served[field];

  const submit = () => {
    if (busy) return;
    setTried(true);
    const parsed = scheduleSchema().safeParse(form);
    if (parsed.success) onConfirm(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : guard.requestClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="schedule-title"
    >
      <DialogTitle id="schedule-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
          <TextField
            label={t('portal.pipeline.schedule.interviewerName')}
            value={form.interviewerName}
            onChange={(e) => set('interviewerName', e.target.value.slice(0, 200))}
            onBlur={() => touch('interviewerName')}
            error={Boolean(shown('interviewerName'))}
            helperText={shown('interviewerName')}
            required
            autoFocus
          />
          <TextField
            label={t('portal.pipeline.schedule.interviewerEmail')}
            type="email"
            value={form.interviewerEmail}
            onChange={(e) => set('interviewerEmail', e.target.value.slice(0, 254))}
            onBlur={() => touch('interviewerEmail')}
            error={Boolean(shown('interviewerEmail'))}
            helperText={shown('interviewerEmail')}
            required
          />
          <div>
            <FormLabel id="schedule-type">{t('portal.pipeline.schedule.type')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="schedule-type"
              value={form.type}
              onChange={(e) => set('type', Number(e.target.value) === 1 ? 1 : 2)}
            >
              <FormControlLabel
                value={INTERVIEW_TYPE.inPerson}
                control={<Radio />}
                label={t('portal.pipeline.schedule.inPerson')}
              />
              <FormControlLabel
                value={INTERVIEW_TYPE.virtual}
                control={<Radio />}
                label={t('portal.pipeline.schedule.virtual')}
              />
            </RadioGroup>
          </div>
          {form.type === INTERVIEW_TYPE.inPerson ? (
            <TextField
              label={t('portal.pipeline.schedule.address')}
              value={form.address}
              onChange={(e) => set('address', e.target.value.slice(0, 500))}
              onBlur={() => touch('address')}
              error={Boolean(shown('address'))}
              helperText={shown('address')}
              required
            />
          ) : (
            <TextField
              label={t('portal.pipeline.schedule.meetingLink')}
              value={form.meetingLink}
              onChange={(e) => set('meetingLink', e.target.value.slice(0, 1000))}
              onBlur={() => touch('meetingLink')}
              error={Boolean(shown('meetingLink'))}
              helperText={shown('meetingLink')}
              placeholder="meet.example.com/abc"
              required
            />
          )}
          <TextField
            select
            label={t('portal.pipeline.schedule.duration')}
            value={form.duration}
            onChange={(e) => set('duration', Number(e.target.value))}
          >
            {INTERVIEW_DURATIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {t('portal.pipeline.schedule.minutes', { n: d })}
              </MenuItem>
            ))}
          </TextField>
          <TimeZonePicker
            label={t('portal.pipeline.schedule.timezone')}
            value={form.timezone}
            error={shown('timezone')}
            onChange={(zone) => set('timezone', zone)}
            onBlur={() => touch('timezone')}
          />
          <ScheduleSlots
            slots={form.slots}
            zone={form.timezone}
            errors={form.slots.map((_, i) => shown(`slots.${i}`))}
            listError={shown('slots')}
            onChange={(slots) => set('slots', slots)}
            onBlur={(i) => touch(`slots.${i}`)}
          />
          <button type="submit" hidden disabled={busy} />
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="prompt-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={guard.requestClose} disabled={busy} color="inherit">
          {t('portal.common.cancel')}
        </Button>
        <Button
          onClick={submit}
          disabled={busy}
          variant="contained"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('portal.pipeline.schedule.confirm')}
        </Button>
      </DialogActions>
      {guard.prompt}
    </Dialog>
  );
}

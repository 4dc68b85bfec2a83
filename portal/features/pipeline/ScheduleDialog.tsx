/** The interview schedule asked for when a candidate moves to interviewing or interviewing2 (spec section 4). */
import {
  Autocomplete,
  Button,
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
import { useMemo, useState } from 'react';
import { t } from '../../../i18n';
import { INTERVIEW_DURATIONS, INTERVIEW_TYPE } from '../../../schema/rules/pipeline';
import type { ScheduleData } from '../../api/pipeline';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LINK = /^https?:\/\/\S+$/i;

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface Props {
  open: boolean;
  title: string;
  text: string;
  initial: Partial<ScheduleData>;
  busy?: boolean;
  onConfirm(data: ScheduleData): void;
  onClose(): void;
}

export function ScheduleDialog({ open, title, text, initial, busy, onConfirm, onClose }: Props) {
  const [form, setForm] = useState<ScheduleData>(() => ({
    interviewerName: initial.interviewerName ?? '',
    interviewerEmail: initial.interviewerEmail ?? '',
    type: initial.type === INTERVIEW_TYPE.inPerson ? 1 : 2,
    address: initial.address ?? '',
    meetingLink: initial.meetingLink ?? '',
    duration: (INTERVIEW_DURATIONS as readonly number[]).includes(initial.duration ?? 0) ? (initial.duration as number) : 60,
    timezone: initial.timezone || localZone(),
  }));
  const [tried, setTried] = useState(false);
  const options = useMemo(zones, []);
  const set = <K extends keyof ScheduleData>(key: K, value: ScheduleData[K]) => setForm((f) => ({ ...f, [key]: value }));

  const errors: Partial<Record<keyof ScheduleData, string>> = {};
  if (!form.interviewerName.trim()) errors.interviewerName = t('portal.pipeline.schedule.required');
  if (!EMAIL.test(form.interviewerEmail.trim())) errors.interviewerEmail = t('portal.pipeline.schedule.email');
  if (form.type === INTERVIEW_TYPE.inPerson && !form.address?.trim()) errors.address = t('portal.pipeline.schedule.required');
  if (form.type === INTERVIEW_TYPE.virtual && !LINK.test(form.meetingLink?.trim() ?? '')) errors.meetingLink = t('portal.pipeline.schedule.link');
  if (!form.timezone) errors.timezone = t('portal.pipeline.schedule.required');
  const shown = (key: keyof ScheduleData) => (tried ? errors[key] : undefined);

  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    const inPerson = form.type === INTERVIEW_TYPE.inPerson;
    onConfirm({
      interviewerName: form.interviewerName.trim(),
      interviewerEmail: form.interviewerEmail.trim(),
      type: form.type,
      ...(inPerson ? { address: form.address?.trim() } : { meetingLink: form.meetingLink?.trim() }),
      duration: form.duration,
      timezone: form.timezone,
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="schedule-title">
      <DialogTitle id="schedule-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
          <TextField
            label={t('portal.pipeline.schedule.interviewerName')}
            value={form.interviewerName}
            onChange={(e) => set('interviewerName', e.target.value.slice(0, 120))}
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
            error={Boolean(shown('interviewerEmail'))}
            helperText={shown('interviewerEmail')}
            required
          />
          <div>
            <FormLabel id="schedule-type">{t('portal.pipeline.schedule.type')}</FormLabel>
            <RadioGroup row aria-labelledby="schedule-type" value={form.type} onChange={(e) => set('type', Number(e.target.value) === 1 ? 1 : 2)}>
              <FormControlLabel value={INTERVIEW_TYPE.inPerson} control={<Radio />} label={t('portal.pipeline.schedule.inPerson')} />
              <FormControlLabel value={INTERVIEW_TYPE.virtual} control={<Radio />} label={t('portal.pipeline.schedule.virtual')} />
            </RadioGroup>
          </div>
          {form.type === INTERVIEW_TYPE.inPerson ? (
            <TextField
              label={t('portal.pipeline.schedule.address')}
              value={form.address}
              onChange={(e) => set('address', e.target.value.slice(0, 300))}
              error={Boolean(shown('address'))}
              helperText={shown('address')}
              required
            />
          ) : (
            <TextField
              label={t('portal.pipeline.schedule.meetingLink')}
              value={form.meetingLink}
              onChange={(e) => set('meetingLink', e.target.value.slice(0, 500))}
              error={Boolean(shown('meetingLink'))}
              helperText={shown('meetingLink')}
              placeholder="https://"
              required
            />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('portal.pipeline.schedule.duration')}
              value={form.duration}
              onChange={(e) => set('duration', Number(e.target.value))}
              sx={{ minWidth: 160 }}
            >
              {INTERVIEW_DURATIONS.map((d) => (
                <MenuItem key={d} value={d}>
                  {t('portal.pipeline.schedule.minutes', { n: d })}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              sx={{ flex: 1 }}
              options={options}
              value={form.timezone}
              disableClearable
              onChange={(_, value) => set('timezone', value)}
              renderInput={(params) => (
                <TextField {...params} label={t('portal.pipeline.schedule.timezone')} error={Boolean(shown('timezone'))} helperText={shown('timezone')} />
              )}
            />
          </Stack>
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('portal.common.cancel')}
        </Button>
        <Button onClick={submit} disabled={busy} variant="contained">
          {t('portal.pipeline.schedule.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

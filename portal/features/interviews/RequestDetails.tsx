/**
 * What a request shows the candidate: the role, the company (or "a company"), the job description and, for an
 * interview request, the proposed interview. The server sends only the times still ahead; times without a zone (the
 * project's own slots, when the request named no zone) are labelled as the company's local time. When the times are
 * the request's own proposed times and more than one is ahead, they are radio choices in the request's zone (named
 * in the group's label): accepting books the one chosen (`choice`, held by the page); a time refused as taken by
 * another candidate is shown disabled.
 */
import {
  Box,
  Divider,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { formatDate, formatDateTime } from '../../../schema/rules/dates';
import {
  gmtOffset,
  localToInstant,
  readerZone,
  shownZone,
  validZone,
  zoneLabel,
  zoneOffsetMinutes,
} from '../../../schema/rules/timeZones';
import { zonedDateTime, zoneNamed } from '../../../schema/rules/zonedTime';
import type { ProjectData } from '../../api/interviews';

type Slot = ProjectData['timeSlots'][number];
/** A slot's calendar day ('2027-03-30'): a project's own slots may carry it as the start of a longer ISO string. */
const dayOf = (slot: Slot) => String(slot.date ?? '').slice(0, 10);

/** When a slot starts, read in the interview's zone; undefined without a zone or for a time it cannot name. */
const slotStart = (slot: Slot, zone: string | undefined) =>
  zone ? localToInstant(`${dayOf(slot)}T${slot.startTime}`, zone) : undefined;

/** '10:45 am': the time of day `formatDateTime` writes for an instant in `zone`. */
const timeOfDay = (instant: Date, zone: string) => formatDateTime(instant, { timeZone: zone })?.split(', ').pop() ?? '';

/** '9 Dec 2026, 8:47 pm (Los Angeles, GMT-8)': when the request expires, on the reader's clock, named. */
const answerBy = (iso: string): string => zonedDateTime(iso) ?? '';

/**
 * When a slot ends: its start plus the interview's duration when both are known (a slot's end as a wall-clock time
 * may name two instants, or an earlier one than its start, on the night the clocks go back), else its end as typed.
 */
function slotEnd(slot: Slot, start: Date, clock: string, minutes: number | null | undefined): Date | undefined {
  if (minutes) return new Date(start.getTime() + minutes * 60000);
  return localToInstant(`${dayOf(slot)}T${slot.endTime}`, clock);
}

/**
 * '30 Mar 2027, 10:00 am–10:45 am (London, GMT+1) · 30 Mar 2027, 5:00 pm (Singapore, GMT+8) your time': each slot in
 * the shared date format in the interview's zone, named with its offset at the slot's own start, as the confirmation
 * email labels the interview (not the offset of the day the page is read: a daylight-saving change may lie between),
 * and on the reader's own clock, named, when it reads another time. A slot whose end is at another offset than its
 * start (across the clocks going back: 1:30 am GMT-4 to 1:30 am GMT-5) names each end's. Without a zone the times
 * are the company's wall clock, unnamed.
 */
function slotText(slot: Slot, zone: string | undefined, minutes?: number | null): string {
  const clock = zone ?? 'UTC';
  const start = localToInstant(`${dayOf(slot)}T${slot.startTime}`, clock);
  const end = start && slotEnd(slot, start, clock, minutes);
  if (!start || !end) return `${formatDate(dayOf(slot)) ?? slot.date} ${slot.startTime}–${slot.endTime}`;
  const from = formatDateTime(start, { timeZone: clock }) ?? '';
  if (!zone) return `${from}–${timeOfDay(end, clock)}`;
  const times =
    gmtOffset(zone, start) === gmtOffset(zone, end)
      ? `${from}–${timeOfDay(end, zone)} ${zoneNamed(zone, start)}`
      : `${from} ${zoneNamed(zone, start)}–${timeOfDay(end, zone)} ${zoneNamed(zone, end)}`;
  const reader = readerZone();
  const own =
    zoneOffsetMinutes(reader, start) === zoneOffsetMinutes(zone, start)
      ? ''
      : ` · ${t('portal.interviews.answer.yourTime', { when: zonedDateTime(start, reader) ?? '' })}`;
  return `${times}${own}`;
}

/**
 * The "Time zone" line: the zone with its offset at each proposed time (start and end), e.g. 'America/New_York · New
 * York (GMT-4, GMT-5)' when they lie across a change, else today's offset when no time is proposed.
 */
function zoneLine(data: ProjectData, zone: string): string {
  const minutes = data.interviewDetails?.duration;
  const offsets = new Set(
    data.timeSlots.flatMap((s) => {
      const start = slotStart(s, zone);
      const end = start && slotEnd(s, start, zone, minutes);
      return start ? [gmtOffset(zone, start), ...(end ? [gmtOffset(zone, end)] : [])] : [];
    }),
  );
  if (!offsets.size) return zoneLabel(zone);
  const named = shownZone(zone);
  return `${named} · ${named.split('/').pop()?.replace(/_/g, ' ') ?? named} (${[...offsets].join(', ')})`;
}

/** The value a proposed time is accepted by, as the schedule types it ("2027-03-02T10:00"). */
export const slotValue = (slot: Slot) => `${dayOf(slot)}T${slot.startTime}`;

/** How the page names the time `value` of the request (for the confirmation after accepting), or undefined. */
export function chosenText(data: ProjectData, value: string | null): string | undefined {
  const slot = data.timeSlots.find((s) => slotValue(s) === value);
  return slot ? slotText(slot, validZone(data.interviewDetails?.timezone), data.interviewDetails?.duration) : undefined;
}

/** Whether accepting needs the candidate to pick one of several proposed times. */
export const choosing = (data: ProjectData) =>
  data.kind === 'interview' && data.choosesTime && data.timeSlots.length > 1;

/** The proposed time chosen (the page holds it), the times refused as taken, and the message on the choice. */
export interface SlotChoice {
  value: string | null;
  taken: string[];
  error: string | null;
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Stack>
  );
}

function TimeChoice(props: {
  data: ProjectData;
  zone: string | undefined;
  zoneText: string;
  choice: SlotChoice;
  onChoose: (value: string) => void;
}) {
  const { data, zone, choice } = props;
  return (
    <FormControl component="fieldset" error={Boolean(choice.error)} data-testid="request-slots">
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t('portal.interviews.answer.chooseTime', { zone: props.zoneText })}
      </FormLabel>
      <RadioGroup name="slot" value={choice.value ?? ''} onChange={(e) => props.onChoose(e.target.value)}>
        {data.timeSlots.map((s) => (
          <FormControlLabel
            key={slotValue(s)}
            value={slotValue(s)}
            control={<Radio />}
            label={slotText(s, zone, data.interviewDetails?.duration)}
            disabled={choice.taken.includes(slotValue(s))}
          />
        ))}
      </RadioGroup>
      {choice.error && <FormHelperText role="alert">{choice.error}</FormHelperText>}
    </FormControl>
  );
}

export function RequestDetails({
  data,
  choice,
  onChoose,
}: {
  data: ProjectData;
  choice?: SlotChoice;
  onChoose?: (value: string) => void;
}) {
  const interview = data.interviewDetails;
  const zone = validZone(interview?.timezone);
  // The zone's label carries its offsets at the proposed times, else today's.
  const zoneText = zone ? zoneLine(data, zone) : (interview?.timezone ?? '');
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="overline" color="primary">
          {t(
            data.kind === 'interview'
              ? 'portal.interviews.answer.interviewTitle'
              : 'portal.interviews.answer.whitelistTitle',
          )}
        </Typography>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }} data-testid="request-role">
          {data.role}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="request-company">
          {t(
            data.kind === 'interview'
              ? 'portal.interviews.answer.interviewIntro'
              : 'portal.interviews.answer.whitelistIntro',
            { company: data.company },
          )}
        </Typography>
      </Box>
      <Divider />
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('portal.interviews.answer.jobDescription')}
        </Typography>
        {data.jdHeader && <Typography sx={{ fontWeight: 600, mb: 1 }}>{data.jdHeader}</Typography>}
        {data.jobDescription && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data.jobDescription}</Typography>}
        {data.jdFooter && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {data.jdFooter}
          </Typography>
        )}
        <Link component={RouterLink} to={data.jdLink} sx={{ display: 'inline-block', mt: 1.5 }}>
          {t('portal.interviews.answer.openJd')}
        </Link>
      </Box>
      {data.kind === 'interview' && (interview || data.timeSlots.length > 0) && (
        <>
          <Divider />
          <Stack spacing={1}>
            <Typography variant="h6" component="h2">
              {t('portal.interviews.answer.interviewDetails')}
            </Typography>
            {interview?.interviewerName && (
              <Row label={t('portal.interviews.answer.interviewer')} value={interview.interviewerName} />
            )}
            {interview?.type && (
              <Row
                label={t('portal.interviews.answer.type')}
                value={t(
                  interview.type === 1 ? 'portal.interviews.answer.inPerson' : 'portal.interviews.answer.virtual',
                )}
              />
            )}
            {interview?.address && <Row label={t('portal.interviews.answer.address')} value={interview.address} />}
            {interview?.meetingLink && (
              <Row label={t('portal.interviews.answer.meetingLink')} value={interview.meetingLink} />
            )}
            {interview?.duration && (
              <Row
                label={t('portal.interviews.answer.duration')}
                value={t('portal.interviews.answer.minutes', { count: interview.duration })}
              />
            )}
            {interview?.timezone && <Row label={t('portal.interviews.answer.timezone')} value={zoneText} />}
            {choice && onChoose && choosing(data) && (
              <TimeChoice data={data} zone={zone} zoneText={zoneText} choice={choice} onChoose={onChoose} />
            )}
            {data.timeSlots.length > 0 && !(choice && onChoose && choosing(data)) && (
              <Row
                label={t('portal.interviews.answer.slots')}
                value={
                  <Stack data-testid="request-slots">
                    {data.timeSlots.map((s) => (
                      <span key={`${s.date}-${s.startTime}`}>{slotText(s, zone, interview?.duration)}</span>
                    ))}
                    {!zone && (
                      <Typography variant="body2" color="text.secondary">
                        {t('portal.interviews.answer.companyLocalTimes')}
                      </Typography>
                    )}
                  </Stack>
                }
              />
            )}
          </Stack>
        </>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('portal.interviews.answer.expires', { date: answerBy(data.expiresAt) })}
      </Typography>
    </Stack>
  );
}

/** What a request shows the candidate: the role, the company (or "a company"), the job description and the proposed interview. */
import { Box, Divider, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { formatDateTime } from '../../../schema/rules/dates';
import { validZone, zoneLabel } from '../../../schema/rules/timeZones';
import type { ProjectData } from '../../api/interviews';

const dateTime = (iso: string, timeZone?: string | null) =>
  formatDateTime(iso, { timeZone: validZone(timeZone) ?? undefined }) ?? '';

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

export function RequestDetails({ data }: { data: ProjectData }) {
  const interview = data.interviewDetails;
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
      {(interview || data.timeSlots.length > 0) && (
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
            {interview?.timezone && (
              <Row
                label={t('portal.interviews.answer.timezone')}
                value={validZone(interview.timezone) ? zoneLabel(interview.timezone) : interview.timezone}
              />
            )}
            {data.timeSlots.length > 0 && (
              <Row
                label={t('portal.interviews.answer.slots')}
                value={
                  <Stack>
                    {data.timeSlots.map((s) => (
                      <span key={`${s.date}-${s.startTime}`}>{`${s.date} ${s.startTime}–${s.endTime}`}</span>
                    ))}
                  </Stack>
                }
              />
            )}
          </Stack>
        </>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('portal.interviews.answer.expires', { date: dateTime(data.expiresAt) })}
      </Typography>
    </Stack>
  );
}

/**
 * The small flags a candidate carries in a project: new (not seen), favourite, hidden, guaranteed,
 * moving, the candidate's answer to the latest interview request and job description, and when the interview they
 * booked starts, in the reader's zone, named ('Interview 14 Mar 2027, 10:30 am (Kolkata, GMT+5:30)').
 */
import EventOutlined from '@mui/icons-material/EventOutlined';
import StarRounded from '@mui/icons-material/StarRounded';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { Chip, Stack, type ChipProps } from '@mui/material';
import { t } from '../../../i18n';
import type { PipelineDoc, RequestAnswer } from '../../api/pipeline';
import { AlertNewBadge } from '../alerts/alertNew';
import { zonedDateTime } from '../../../schema/rules/zonedTime';

const ANSWER_COLOR: Record<RequestAnswer['state'], ChipProps['color']> = {
  sent: 'default',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
};

function AnswerChip({ answer, kind }: { answer?: RequestAnswer | null; kind: 'interview' | 'whiteList' }) {
  if (!answer) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ANSWER_COLOR[answer.state]}
      data-testid={`${kind}-answer`}
      label={t(`portal.pipeline.card.${kind}.${answer.state}`)}
    />
  );
}

export function CandidateFlags({ doc, pending }: { doc: PipelineDoc; pending?: boolean }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} data-testid="candidate-flags">
      {pending && <Chip size="small" color="info" label={t('portal.pipeline.card.moving')} />}
      {!doc.seen && !pending && <Chip size="small" color="primary" label={t('portal.pipeline.card.new')} />}
      <AlertNewBadge id={doc.id} />
      {doc.isFavorited && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<StarRounded />}
          label={t('portal.pipeline.card.favourite')}
        />
      )}
      {doc.isHidden && (
        <Chip
          size="small"
          variant="outlined"
          icon={<VisibilityOffOutlined />}
          label={t('portal.pipeline.card.hidden')}
        />
      )}
      <AnswerChip answer={doc.interviewRequest} kind="interview" />
      {doc.interviewAt && (
        <Chip
          size="small"
          color="success"
          icon={<EventOutlined />}
          data-testid="interview-at"
          label={t('portal.pipeline.card.interviewAt', { when: zonedDateTime(doc.interviewAt) ?? '' })}
        />
      )}
      <AnswerChip answer={doc.whiteListRequest} kind="whiteList" />
      {doc.guaranteed && (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<VerifiedOutlined />}
          label={t('portal.pipeline.card.guaranteed')}
        />
      )}
    </Stack>
  );
}

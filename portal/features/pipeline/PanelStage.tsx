/**
 * Where the open profile's candidate stands on this board, above the profile: their stage, as the list or board shows
 * it now, and when the interview they booked starts (in the reader's zone, named). When a reload (a teammate's move, the candidate's pause) takes them out of what is listed, the panel says so
 * rather than keep showing a stage they left.
 */
import { Alert, Typography } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import type { PipelineDoc } from '../../api/pipeline';
import { stageLabel } from './stageKeys';
import { zonedDateTime } from '../../../schema/rules/zonedTime';

export function PanelStage({ id, doc }: { id: string; doc: PipelineDoc | undefined }) {
  // The last listing of this candidate: gone from the list once shown there, they left it.
  const [seen, setSeen] = useState<PipelineDoc>();
  if (doc && doc !== seen) setSeen(doc);
  if (doc)
    return (
      <>
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 600 }} data-testid="panel-stage">
          {t('portal.pipeline.panel.stage', { stage: stageLabel(doc.recruitmentStatus) })}
        </Typography>
        {doc.interviewAt && (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="panel-interview-at">
            {t('portal.pipeline.panel.interviewAt', { when: zonedDateTime(doc.interviewAt) ?? '' })}
          </Typography>
        )}
      </>
    );
  if (seen?.id !== id) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="panel-left">
      {t('portal.pipeline.panel.left')}
    </Alert>
  );
}

/**
 * "Request interview" and "Send job description" for a bulk selection of a project's candidates
 * (spec section 4: a bulk action concerns the candidates selected in the current tab), with the
 * request dialog; admins also send a WhatsApp qualify request. Rendered inside the pipeline's bulk
 * bar: `<InterviewBulkActions project={project} candidateIds={chosen.map((d) => d.id)} role={role} busy={working} onSent={...} />`.
 */
import { Button } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import type { RequestAction } from '../../api/interviews';
import { projectHasJd } from './candidateActions';
import { QualifyDialog } from './QualifyDialog';
import { RequestDialog } from './RequestDialog';

export interface InterviewBulkActionsProps {
  project: { id: string };
  candidateIds: string[];
  role?: 'admin' | 'company' | 'raasCompany';
  busy?: boolean;
  /** Called after requests went out (clear the selection, reload the tab). */
  onSent?(): void;
}

export function InterviewBulkActions({ project, candidateIds, role, busy, onSent }: InterviewBulkActionsProps) {
  const [action, setAction] = useState<RequestAction | 'qualify'>();
  const ids = candidateIds;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        disabled={busy || !ids.length}
        onClick={() => setAction('request_interview')}
      >
        {t('portal.interviews.actions.requestInterview')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        disabled={busy || !ids.length}
        onClick={() => setAction('request_public')}
      >
        {t('portal.interviews.actions.sendJd')}
      </Button>
      {role === 'admin' && (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          disabled={busy || !ids.length}
          onClick={() => setAction('qualify')}
        >
          {t('portal.interviews.qualify.action')}
        </Button>
      )}
      {(action === 'request_interview' || action === 'request_public') && (
        <RequestDialog
          projectId={project.id}
          candidateIds={ids}
          action={action}
          hasJobDescription={projectHasJd(project)}
          project={project}
          open
          onClose={() => setAction(undefined)}
          onSent={() => onSent?.()}
        />
      )}
      {action === 'qualify' && (
        <QualifyDialog candidateIds={ids} projectId={project.id} open onClose={() => setAction(undefined)} />
      )}
    </>
  );
}

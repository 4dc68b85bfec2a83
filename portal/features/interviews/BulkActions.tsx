/**
 * "Request interview" and "Send job description" for a bulk selection of a project's candidates
 * (spec section 4: a bulk action concerns the candidates selected in the current tab), with the
 * request dialog; admins also send a WhatsApp qualify request. Rendered inside the pipeline's bulk
 * bar: `<InterviewBulkActions project={project} candidateIds={chosen.map((d) => d.id)} role={role} busy={working} onSent={...} />`.
 * Held to the server's rules as the menu is (RequestFlow.tsx): disabled with the reason on a paused or inactive
 * project, the upgrade prompt first on a free RaaS project.
 */
import { Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import type { RequestAction } from '../../api/interviews';
import type { ProjectDetail } from '../../api/pipeline';
import { QualifyDialog } from './QualifyDialog';
import { requestRefusal, RequestFlow } from './RequestFlow';

export interface InterviewBulkActionsProps {
  project: ProjectDetail;
  candidateIds: string[];
  role?: 'admin' | 'company' | 'raasCompany';
  busy?: boolean;
  /** Called after requests went out (clear the selection, reload the tab). */
  onSent?(): void;
  /** The project changed (upgraded before a request): the page loads it again. */
  onProjectChanged?(): void;
}

export function InterviewBulkActions({
  project,
  candidateIds,
  role,
  busy,
  onSent,
  onProjectChanged,
}: InterviewBulkActionsProps) {
  const [action, setAction] = useState<RequestAction | 'qualify'>();
  const ids = candidateIds;
  const refused = requestRefusal(project);
  const request = (kind: RequestAction, label: string) => (
    // A disabled button shows no tooltip of its own: the span carries the reason.
    <Tooltip title={refused ? t(refused) : ''}>
      <span>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          disabled={busy || !ids.length || Boolean(refused)}
          onClick={() => setAction(kind)}
        >
          {t(label)}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <>
      {request('request_interview', 'portal.interviews.actions.requestInterview')}
      {request('request_public', 'portal.interviews.actions.sendJd')}
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
        <RequestFlow
          project={project}
          candidateIds={ids}
          action={action}
          role={role}
          onClose={() => setAction(undefined)}
          onSent={() => onSent?.()}
          onProjectChanged={onProjectChanged}
        />
      )}
      {action === 'qualify' && (
        <QualifyDialog candidateIds={ids} projectId={project.id} open onClose={() => setAction(undefined)} />
      )}
    </>
  );
}

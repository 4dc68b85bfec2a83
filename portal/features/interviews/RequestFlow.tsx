/**
 * The request dialog as the candidate menu and the bulk bar open it, held to the server's rules (schema/rules/stages.ts,
 * the ones backend/features/interviews/send.ts refuses by): a project that must upgrade before its candidates are
 * interviewed (a free RaaS project) first asks the upgrade prompt the move to interviewing asks (MoveDialogs), and the
 * request is written only once the project is on the Power plan; `requestRefusal` names why an action is not offered.
 */
import { useState } from 'react';
import { t } from '../../../i18n';
import { STAGES } from '../../../schema/rules/pipeline';
import { requestsNeedUpgrade, sendsRequests, type PipelineRole } from '../../../schema/rules/stages';
import { ApiError } from '../../../ui/api/client';
import { errorMessage } from '../../../ui/api/errors';
import type { RequestAction } from '../../api/interviews';
import { pipelineApi, type ProjectDetail } from '../../api/pipeline';
import { useNotify } from '../../app/notify';
import { MoveDialogs } from '../pipeline/MoveDialogs';
import { RequestDialog } from './RequestDialog';

/** Why the server refuses any request from `project` (a paused or inactive one), as a catalogue key; none when it sends. */
export const requestRefusal = (project: Pick<ProjectDetail, 'status'>): string | undefined =>
  sendsRequests(project) ? undefined : 'portal.interviews.actions.inactive';

/** Whether the project already has a job description (text or file), as far as the page knows. */
export function projectHasJd(project: unknown): boolean {
  const p = project as { jobDescription?: string | null; jdFileName?: string | null };
  return Boolean(p.jobDescription?.trim() || p.jdFileName);
}

interface Props {
  project: ProjectDetail;
  candidateIds: string[];
  action: RequestAction;
  role?: PipelineRole;
  onClose(): void;
  onSent?(): void;
  /** The project changed (upgraded): the page loads it again. */
  onProjectChanged?(): void;
}

export function RequestFlow({ project, candidateIds, action, role, onClose, onSent, onProjectChanged }: Props) {
  const notify = useNotify();
  const [upgraded, setUpgraded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const upgrade = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // Upgraded by a teammate meanwhile: done as well.
      await pipelineApi.upgrade(project.id).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.code === 'project.errors.alreadyPower')) throw err;
      });
      notify(t('portal.pipeline.upgrade.done'), 'success');
      setUpgraded(true);
      onProjectChanged?.();
    } catch (err) {
      setError(errorMessage(err));
    }
    setBusy(false);
  };
  if (requestsNeedUpgrade(project) && !upgraded)
    return (
      <MoveDialogs
        prompt={{
          kind: 'upgrade',
          request: { docs: [], from: STAGES.shortlist, to: STAGES.interviewing, kind: 'move' },
        }}
        busy={busy}
        error={error}
        isRaas={role === 'raasCompany'}
        isAdmin={role === 'admin'}
        project={project}
        resolve={() => void upgrade()}
        cancel={onClose}
      />
    );
  return (
    <RequestDialog
      projectId={project.id}
      candidateIds={candidateIds}
      action={action}
      hasJobDescription={projectHasJd(project)}
      project={project}
      open
      onClose={onClose}
      onSent={() => onSent?.()}
    />
  );
}

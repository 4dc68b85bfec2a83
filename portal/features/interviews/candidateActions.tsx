/**
 * "Request interview" and "Send job description" in a project candidate's menu, added through the
 * pipeline's extension point (portal/features/pipeline/candidateActions.ts). The same dialog serves
 * a bulk selection: render RequestDialog with the selected ids. Nothing is sent before the sender
 * read the preview and pressed Send. Admins also send WhatsApp qualify
 * requests from here and see the candidate's replies.
 */
import type { CandidateActionContext, ExtraCandidateAction } from '../pipeline/candidateActionTypes';
import type { RequestAction } from '../../api/interviews';
import { QualifyDialog } from './QualifyDialog';
import { RequestDialog } from './RequestDialog';

/** Whether the project already has a job description (text or file), as far as the page knows. */
export function projectHasJd(project: unknown): boolean {
  const p = project as { jobDescription?: string | null; jdFileName?: string | null };
  return Boolean(p.jobDescription?.trim() || p.jdFileName);
}

function dialogFor(action: RequestAction) {
  return function InterviewActionDialog({ context, onClose }: { context: CandidateActionContext; onClose(): void }) {
    return (
      <RequestDialog
        projectId={context.project.id}
        candidateIds={[context.doc.id]}
        action={action}
        hasJobDescription={projectHasJd(context.project)}
        project={context.project}
        open
        onClose={onClose}
        onSent={() => context.refresh()}
      />
    );
  };
}

function QualifyActionDialog({ context, onClose }: { context: CandidateActionContext; onClose(): void }) {
  return <QualifyDialog candidateIds={[context.doc.id]} projectId={context.project.id} open onClose={onClose} />;
}

export const interviewCandidateActions: ExtraCandidateAction[] = [
  {
    id: 'requestInterview',
    labelKey: 'portal.interviews.actions.requestInterview',
    visible: (c) => !c.doc.projectInterviewRequested,
    Dialog: dialogFor('request_interview'),
  },
  {
    id: 'sendJd',
    labelKey: 'portal.interviews.actions.sendJd',
    visible: (c) => !c.doc.projectWhiteListRequested,
    Dialog: dialogFor('request_public'),
  },
  {
    id: 'qualify',
    labelKey: 'portal.interviews.qualify.action',
    visible: (c) => c.role === 'admin',
    Dialog: QualifyActionDialog,
  },
];

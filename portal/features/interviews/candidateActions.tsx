/**
 * "Request interview" and "Send job description" in a project candidate's menu, added through the
 * pipeline's extension point (portal/features/pipeline/candidateActions.ts). The same dialog serves
 * a bulk selection: render RequestDialog with the selected ids. Nothing is sent before the sender
 * read the preview and pressed Send. Admins also send WhatsApp qualify
 * requests from here and see the candidate's replies. The server's rules decide what is offered (RequestFlow.tsx): a
 * paused or inactive project shows both disabled with the reason, a free RaaS project asks the upgrade first.
 */
import type { CandidateActionContext, ExtraCandidateAction } from '../pipeline/candidateActionTypes';
import type { RequestAction } from '../../api/interviews';
import { QualifyDialog } from './QualifyDialog';
import { requestRefusal, RequestFlow } from './RequestFlow';

function dialogFor(action: RequestAction) {
  return function InterviewActionDialog({ context, onClose }: { context: CandidateActionContext; onClose(): void }) {
    return (
      <RequestFlow
        project={context.project}
        candidateIds={[context.doc.id]}
        action={action}
        role={context.role}
        onClose={onClose}
        onSent={() => context.refresh()}
        onProjectChanged={context.projectChanged}
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
    refusal: (c) => requestRefusal(c.project),
    Dialog: dialogFor('request_interview'),
  },
  {
    id: 'sendJd',
    labelKey: 'portal.interviews.actions.sendJd',
    visible: (c) => !c.doc.projectWhiteListRequested,
    refusal: (c) => requestRefusal(c.project),
    Dialog: dialogFor('request_public'),
  },
  {
    id: 'qualify',
    labelKey: 'portal.interviews.qualify.action',
    visible: (c) => c.role === 'admin',
    Dialog: QualifyActionDialog,
  },
];

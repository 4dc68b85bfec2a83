/**
 * The candidate menu (spec section 4): which built-in actions a candidate offers the viewer, and the
 * extension point other capabilities add their actions through.
 *
 * Extension point: `EXTRA_CANDIDATE_ACTIONS` below. The interviews capability adds "Request
 * interview" and "Send job description" there: an entry names its label key, when it shows, and
 * the dialog the menu opens (the dialog gets the candidate, the project and `onClose`/`refresh`).
 */
import type { CandidateDownload } from '../../../schema/rules/downloads';
import { PROJECT_STATUS, STAGES, type StageId } from '../../../schema/rules/pipeline';
import { isOpen } from '../../../schema/rules/plans';
import type { PipelineRole } from '../../../schema/rules/stages';
import type { PipelineDoc } from '../../api/pipeline';
import type { ExtraCandidateAction } from './candidateActionTypes';
import { canReject, nextStage, SEMI_ACTIVE, skipTargets } from './stageRules';
import { interviewCandidateActions } from '../interviews/candidateActions';

/** Actions other capabilities add to every candidate's menu, after the stage moves. */
export const EXTRA_CANDIDATE_ACTIONS: readonly ExtraCandidateAction[] = [...interviewCandidateActions];

export type BuiltInAction =
  | 'profile'
  | 'next'
  | 'skip'
  | 'reject'
  | 'addToProject'
  | 'favourite'
  | 'hide'
  | 'downloadPdf'
  | 'downloadCv'
  | 'downloadBlindCv'
  | 'edit';

export interface MenuPlan {
  next?: StageId;
  skipTo: StageId[];
  actions: BuiltInAction[];
}

/** Each download's menu item. */
const DOWNLOAD_ACTIONS: Record<CandidateDownload, BuiltInAction> = {
  pdf: 'downloadPdf',
  cv: 'downloadCv',
  blindCv: 'downloadBlindCv',
};

/**
 * The built-in items of one candidate's menu for the viewer's role, from the shared stage rules; `downloads` are the
 * ones the viewer may make of this candidate (the board doc's `canDownload`): a download the server refuses is not offered.
 * An inactive project (`projectStatus`, schema/rules/plans.ts isOpen, the rule the pipeline's writes refuse by) offers
 * only what reads: the profile and the downloads.
 */
export function menuPlan(
  doc: Pick<PipelineDoc, 'recruitmentStatus' | 'status'>,
  role: PipelineRole,
  downloads: readonly CandidateDownload[] = [],
  projectStatus: number = PROJECT_STATUS.active,
): MenuPlan {
  const reads = downloads.map((d) => DOWNLOAD_ACTIONS[d]);
  if (!isOpen(projectStatus))
    return { skipTo: [], actions: ['profile', ...reads, ...(role === 'admin' ? (['edit'] as const) : [])] };
  const stage = doc.recruitmentStatus;
  const semiActive = doc.status === SEMI_ACTIVE;
  const next = stage === STAGES.rejected ? undefined : (nextStage(stage) ?? undefined);
  const skipTo = skipTargets(stage, role, semiActive);
  const actions: BuiltInAction[] = ['profile'];
  if (next !== undefined) actions.push('next');
  if (skipTo.length) actions.push('skip');
  if (canReject(stage, semiActive)) actions.push('reject');
  if (role !== 'raasCompany') actions.push('addToProject');
  actions.push('favourite', 'hide', ...reads);
  if (role === 'admin') actions.push('edit');
  return { next, skipTo, actions };
}

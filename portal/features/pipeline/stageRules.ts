/**
 * The board's and the menu's view of spec section 4's stage rules. The rules are
 * schema/rules/stages.ts (the server applies the same ones); this module only maps the signed-in
 * viewer to a pipeline role and names the reason a refused drop is shown with.
 */
import { STAGES, type StageId } from '../../../schema/rules/pipeline';
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';
import { canMove, canReject, canSkip, nextStage, tabsFor, type PipelineRole } from '../../../schema/rules/stages';

export {
  canReject,
  needsSchedule,
  nextStage,
  pipelineRole,
  seenTab,
  upgradeOrGuarantee,
} from '../../../schema/rules/stages';

/** Semi-active candidates are neither skipped nor rejected. */
export const SEMI_ACTIVE = CANDIDATE_STATUS.semiActive;

export interface CandidateContext {
  semiActive: boolean;
  interviewScheduled: boolean;
  rejectedFrom?: number | null;
}

export type DropCheck = { ok: true; kind: 'move' | 'skip' | 'reject' } | { ok: false; reason: string };

/** Whether a card dragged from `from` may be dropped on `to`, and the words for why not. */
export function checkDrop(from: StageId, to: StageId, role: PipelineRole, ctx: CandidateContext): DropCheck {
  const decision = canMove(from, to, role, ctx);
  if (decision.ok) return decision;
  if (from === to) return { ok: false, reason: 'portal.pipeline.refused.same' };
  if (from === STAGES.rejected) return { ok: false, reason: 'portal.pipeline.refused.fromRejected' };
  if (to === STAGES.open) return { ok: false, reason: 'portal.pipeline.refused.toOpen' };
  if (ctx.semiActive && (to === STAGES.rejected || role === 'admin'))
    return { ok: false, reason: 'portal.pipeline.refused.semiActive' };
  if (to === STAGES.rejected) return { ok: false, reason: 'portal.pipeline.refused.reject' };
  return { ok: false, reason: role === 'admin' ? 'portal.pipeline.refused.order' : 'portal.pipeline.refused.nextOnly' };
}

/** Stages an admin may skip a candidate to (the next one is the plain move). */
export function skipTargets(from: StageId, role: PipelineRole, semiActive: boolean): StageId[] {
  const next = nextStage(from);
  return tabsFor('admin').filter((to) => to !== next && canSkip(from, to, role, semiActive));
}

/** The tabs the viewer sees, in TAB_ORDER (RaaS companies from shortlist on). */
export const visibleStages = (role: PipelineRole): StageId[] => tabsFor(role);

export const rejectAllowed = (stage: StageId, semiActive: boolean) => canReject(stage, semiActive);

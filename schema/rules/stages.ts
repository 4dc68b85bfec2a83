/**
 * The recruitment pipeline's rules (spec section 4) as pure functions over stage ids: the next
 * step, reject, the admins' skip, the one move decision the API and the portal's board both use,
 * the upgrade and guarantee prompts, and what a RaaS company sees. Side-free: the portal imports
 * it for the board's allowed drops and the candidate menu.
 */
import { PROJECT_PLAN, PROJECT_STATUS, PROJECT_TYPE, STAGE_ORDER, STAGES, TAB_ORDER, type StageId } from './pipeline';

/** Who moves: the pipeline distinguishes admins, normal companies and RaaS companies. */
export type PipelineRole = 'admin' | 'company' | 'raasCompany';

/**
 * The caller as the stage rules know it: an admin, a RaaS company or anyone else held to a
 * company's rules. The API and the portal's board both ask this one function.
 */
export function pipelineRole(who: { role: string } | undefined): PipelineRole {
  if (who?.role === 'admin') return 'admin';
  return who?.role === 'raasCompany' ? 'raasCompany' : 'company';
}

/**
 * Who curates candidates into a project, the platform choosing them for its company (a curated
 * row is flagged and the company is told): admins, and an advocate only on the projects they
 * advocate. Without a project, whether the caller curates at all.
 */
export function curates(
  who: { role: string; id?: number; adminType?: string },
  project?: { advocateId: number | null },
): boolean {
  if (who.role !== 'admin') return false;
  return !project || who.adminType !== 'advocate' || project.advocateId === who.id;
}

/**
 * Whether the caller may put candidates before `project`'s company on the platform's behalf (a move
 * writing a candidate's first row, a project created with candidates, an access grant): an admin only
 * where they curate; a company under its own rules, and a project without a company (no one to show
 * anyone to), always.
 */
export function mayPlaceFor(
  who: { role: string; id?: number; adminType?: string },
  project: { advocateId: number | null; companyId: number | null },
): boolean {
  return who.role !== 'admin' || project.companyId === null || curates(who, project);
}

/**
 * `curates` (purpose 'curate') or `mayPlaceFor` (purpose 'add') over the projects of alias `p`, as an SQL condition
 * with its bindings: a list of projects to bring candidates into keeps only those the call would accept. Both rules
 * exclude only for an advocate admin (a company's project they do not advocate) or, for curation, anyone not an admin.
 */
export function placesIntoSql(
  who: { role: string; id?: number; adminType?: string },
  purpose: 'add' | 'curate',
  p = 'p',
): [string, number[]] {
  if (who.role !== 'admin') return [purpose === 'curate' ? 'false' : 'true', []];
  if (who.adminType !== 'advocate') return ['true', []];
  const advocated = `${p}.advocate_id = ?`;
  return [purpose === 'curate' ? advocated : `(${p}.company_id is null or ${advocated})`, [who.id ?? -1]];
}

export const STAGE_IDS: readonly StageId[] = TAB_ORDER;

export const isStage = (n: unknown): n is StageId =>
  typeof n === 'number' && (STAGE_IDS as readonly number[]).includes(n);

/**
 * The next step in the order open, qualify, shortlist, interviewing, interviewing2, offered,
 * placed. A candidate without a stage has none, unless `flag` is set: then the next is qualify.
 * Placed and rejected have no next step.
 */
export function nextStage(stage: StageId | null | undefined, options: { flag?: boolean } = {}): StageId | null {
  if (stage === null || stage === undefined) return options.flag ? STAGES.qualify : null;
  const at = STAGE_ORDER.indexOf(stage);
  if (at < 0 || at === STAGE_ORDER.length - 1) return null;
  return STAGE_ORDER[at + 1];
}

/** Reject: from qualify through offered (interviewing2 included); never from open, placed or rejected; never a semi-active candidate. */
export function canReject(stage: StageId, semiActive = false): boolean {
  if (semiActive) return false;
  return (
    [STAGES.qualify, STAGES.shortlist, STAGES.interviewing, STAGES.interviewing2, STAGES.offered] as StageId[]
  ).includes(stage);
}

/**
 * Skip (admins only): a candidate above suggested, not rejected and not semi-active, to any other
 * stage except open and rejected.
 */
export function canSkip(from: StageId, to: StageId, role: PipelineRole, semiActive = false): boolean {
  if (role !== 'admin' || semiActive) return false;
  if (from === STAGES.open || from === STAGES.rejected) return false;
  if (to === STAGES.open || to === STAGES.rejected || to === from) return false;
  return isStage(to);
}

/** The tabs each role sees: RaaS companies from shortlist on (spec section 4's stage visibility); admins and companies all. */
export function tabsFor(role: PipelineRole): StageId[] {
  if (role === 'raasCompany') return TAB_ORDER.filter((s) => s !== STAGES.open && s !== STAGES.qualify);
  return [...TAB_ORDER];
}

/**
 * The stages a RaaS company sees a candidate in (spec section 4): `always` fully, `afterInterview` only once an
 * interview was scheduled. Open and longlist are the advocates' work. The SQL twin is visibility.ts's stageVisibleSql.
 */
export const RAAS_STAGES: { always: readonly StageId[]; afterInterview: readonly StageId[] } = {
  always: [STAGES.shortlist, STAGES.interviewing, STAGES.rejected],
  afterInterview: [STAGES.interviewing2, STAGES.offered, STAGES.placed],
};

/**
 * Whether a RaaS company sees a candidate in `stage`: shortlist, interviewing and rejected fully;
 * interviewing2, offered and placed only once an interview is scheduled (the candidate went
 * through interviewing, or was rejected from such a stage); open and longlist are the advocates' work.
 */
export function stageVisibleToRaas(
  stage: StageId,
  candidate: { interviewScheduled: boolean; rejectedFrom?: number | null },
): boolean {
  if (RAAS_STAGES.always.includes(stage)) return true;
  if (RAAS_STAGES.afterInterview.includes(stage)) return candidate.interviewScheduled;
  return false;
}

/** Whether a role sees a candidate in `stage` (admins and companies: every stage). */
export function stageVisibleTo(
  role: PipelineRole,
  stage: StageId,
  candidate: { interviewScheduled: boolean; rejectedFrom?: number | null },
): boolean {
  return role === 'raasCompany' ? stageVisibleToRaas(stage, candidate) : true;
}

export type MoveKind = 'move' | 'reject' | 'skip';

export type MoveDecision = { ok: true; kind: MoveKind } | { ok: false; reason: 'notAllowed' };

export interface MoveContext {
  semiActive?: boolean;
  /** An interview was scheduled (RaaS visibility of the source stage). */
  interviewScheduled?: boolean;
  rejectedFrom?: number | null;
}

/**
 * The one decision on moving a candidate from `from` to `to`: the next step (every role), a
 * reject, or an admin's skip. A RaaS company moves only candidates it sees.
 */
export function canMove(from: StageId, to: StageId, role: PipelineRole, context: MoveContext = {}): MoveDecision {
  const refused: MoveDecision = { ok: false, reason: 'notAllowed' };
  if (!isStage(from) || !isStage(to) || from === to) return refused;
  if (
    role === 'raasCompany' &&
    !stageVisibleToRaas(from, {
      interviewScheduled: Boolean(context.interviewScheduled),
      rejectedFrom: context.rejectedFrom,
    })
  )
    return refused;
  if (to === STAGES.rejected) return canReject(from, context.semiActive) ? { ok: true, kind: 'reject' } : refused;
  if (nextStage(from) === to) return { ok: true, kind: 'move' };
  if (canSkip(from, to, role, context.semiActive)) return { ok: true, kind: 'skip' };
  return refused;
}

/** The stages a candidate may be dropped on from `from` (the board's allowed drops). */
export function allowedTargets(from: StageId, role: PipelineRole, context: MoveContext = {}): StageId[] {
  return STAGE_IDS.filter((to) => canMove(from, to, role, context).ok);
}

export const PAID_STAGES: StageId[] = [STAGES.interviewing, STAGES.interviewing2, STAGES.offered, STAGES.placed];
const GUARANTEE_STAGES: StageId[] = [STAGES.offered, STAGES.placed];

/**
 * The prompt a forward move opens instead of moving (spec section 4): a RaaS project on the free
 * plan reaching interviewing or beyond asks for the upgrade; a power-plan project reaching offered
 * or placed with a candidate not yet guaranteed asks for the guarantee. Otherwise null: it moves.
 */
export function upgradeOrGuarantee(
  project: { projectType: number; plan: number },
  to: StageId,
  guaranteed: boolean,
): 'upgrade' | 'guarantee' | null {
  if (project.projectType === PROJECT_TYPE.raas && project.plan === PROJECT_PLAN.free && PAID_STAGES.includes(to))
    return 'upgrade';
  if (project.plan === PROJECT_PLAN.power && GUARANTEE_STAGES.includes(to) && !guaranteed) return 'guarantee';
  return null;
}

/**
 * Whether a guarantee may be bought for a candidate in `stage` (POST projects/guarantee): at offered or placed, where
 * the guarantee is offered, or one step from there for the caller, since the prompt opens before the move (a company's
 * next step from interviewing2, an admin's skip). Any other stage (shortlisted, interviewing, rejected) is refused
 * ('project.errors.guaranteeNotOffered' on candidateId) and nothing is charged.
 */
export function guaranteeAvailable(stage: StageId, role: PipelineRole): boolean {
  if (GUARANTEE_STAGES.includes(stage)) return true;
  return GUARANTEE_STAGES.some((to) => canMove(stage, to, role, { interviewScheduled: true }).ok);
}

/**
 * Interview requests and job descriptions (backend/features/interviews/send.ts) go out only from an active project
 * (else 409 projectInactive), and a project that must upgrade before its candidates are interviewed (the move to
 * interviewing's rule above) must upgrade first (409 upgradeRequired). The portal offers the same: no request from a
 * paused or closed project, the upgrade prompt before a request from a free RaaS project.
 */
export const sendsRequests = (project: { status: number }): boolean => project.status === PROJECT_STATUS.active;
export const requestsNeedUpgrade = (project: { projectType: number; plan: number }): boolean =>
  upgradeOrGuarantee(project, STAGES.interviewing, false) === 'upgrade';

/** Moving to these stages schedules an interview: the schedule form data is required. */
export const needsSchedule = (to: StageId): boolean => to === STAGES.interviewing || to === STAGES.interviewing2;

/** Marking candidates seen applies to the suggested tab and the shortlist. */
export const seenTab = (tab: number): boolean => tab === STAGES.open || tab === STAGES.shortlist;

/**
 * Who may reach which candidate, and what of them they see: the product's one answer (spec
 * sections 3, 4 and 6), used by search, the profile panel, pipeline tabs and counts, moves,
 * reveals, notes, interview and qualify requests, downloads, exports and emails. Pure functions
 * over plain facts, with their SQL twins for lists; tests/schema/visibility-rules.test.ts checks
 * them against a table written by hand from the spec.
 *
 * The facts:
 *   - the viewer: admins, companies (search and projects), RaaS companies (projects only);
 *   - the candidate: status, visibility (false: hidden from companies), anonymous (visible but
 *     without a name until revealed);
 *   - where the viewer meets the candidate: a search (no project), or a project, with the
 *     candidate's stage there, whether an admin curated them into it, and whether they were
 *     revealed to the project's company.
 *
 * The answers:
 *   - reach: admins reach active and semi-active candidates; a company reaches active ones who did
 *     not withdraw their consent to be shown to companies (consents.ts), and in a project only those
 *     already in its pipeline or found by the project's suggested tab (the project's saved filters
 *     plus what admins curated); a company with search adds the ones its search finds. Any other id
 *     is "not found".
 *   - identity (name, photo, LinkedIn): admins always; a company when the candidate shows it
 *     (visible and not anonymous) or was revealed to the project.
 *   - contact (email, phone, the other links, CV): admins always; a company in a project once the
 *     candidate left the suggested tab and the company sees their identity. Never in search.
 *   - reveal on a move out of the suggested tab (after the warning): an anonymous candidate once
 *     the company reached them; a hidden one (visibility false) only when an admin curated them
 *     into that project: a company never uncovers a hidden candidate on its own initiative.
 */
import { CANDIDATE_STATUS } from '../entities/talentOptions';
import type { Actor } from '../roles';
import { consentWithdrawnSql } from './consents';
import { STAGES, type StageId } from './pipeline';
import { RAAS_STAGES } from './stages';

/** Who looks, as far as candidates are concerned. */
export type Viewer = 'admin' | 'company' | 'raasCompany' | 'none';

export function viewerOf(actor: Pick<Actor, 'role'>): Viewer {
  switch (actor.role) {
    case 'admin':
    case 'company':
    case 'raasCompany':
      return actor.role;
    default:
      return 'none';
  }
}

export interface CandidateFacts {
  status: number;
  visibility: boolean | null;
  anonymous: boolean | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The candidate in one project; `null` when the viewer meets them outside any project (search). */
export interface PlaceFacts {
  /** The stage of the candidate's row in the project; the suggested tab (0) when there is none. */
  stage: StageId | number;
  /** An admin (or the project's advocate) curated the candidate into the project. */
  curated: boolean;
  /** The candidate's identity was revealed to the project's company. */
  revealed: boolean;
}

/** Candidate statuses each viewer meets at all (spec section 4): admins active and semi-active, companies active. */
export function seenStatuses(viewer: Viewer): number[] {
  if (viewer === 'admin') return [CANDIDATE_STATUS.active, CANDIDATE_STATUS.semiActive];
  if (viewer === 'company' || viewer === 'raasCompany') return [CANDIDATE_STATUS.active];
  return [];
}

/** Candidate statuses each viewer's search finds: none for RaaS companies, who have no search (spec section 6). */
export function searchStatuses(viewer: Viewer): number[] {
  return viewer === 'raasCompany' ? [] : seenStatuses(viewer);
}

/** The candidate chose to be seen: visible and not anonymous. */
export const identityPublic = (c: Pick<CandidateFacts, 'visibility' | 'anonymous'>): boolean =>
  c.visibility !== false && c.anonymous !== true;

/** Whether the viewer meets the candidate at all (their status). */
export const seesStatus = (viewer: Viewer, c: Pick<CandidateFacts, 'status'>): boolean =>
  seenStatuses(viewer).includes(c.status);

/** Whether the viewer sees the candidate's name, photo and links, in search (`place` null) or in a project. */
export function seesIdentity(viewer: Viewer, c: CandidateFacts, place: PlaceFacts | null = null): boolean {
  if (!seesStatus(viewer, c)) return false;
  if (viewer === 'admin') return true;
  return identityPublic(c) || Boolean(place?.revealed);
}

/** Whether the viewer sees the candidate's email and phone: admins; a company in a project past the suggested tab, with the identity. */
export function seesContact(viewer: Viewer, c: CandidateFacts, place: PlaceFacts | null = null): boolean {
  if (!seesStatus(viewer, c)) return false;
  if (viewer === 'admin') return true;
  if (!place || place.stage === STAGES.open) return false;
  return seesIdentity(viewer, c, place);
}

/** A candidate's professional links, as profiles and cards carry them. */
export interface CandidateLinks {
  linkedIn: string | null;
  github: string | null;
  stackoverflow: string | null;
  dribbble: string | null;
  portfolio: string | null;
}

/**
 * The links the viewer reads: LinkedIn goes with the identity (it is the person's public name);
 * the others (code, Q&A, portfolio pages) are ways to reach them, so they go with the contact.
 * Null when the viewer sees no identity.
 */
export function linksShown(
  links: CandidateLinks,
  sees: { identity: boolean; contact: boolean },
): Partial<CandidateLinks> | null {
  if (!sees.identity) return null;
  return sees.contact ? links : { linkedIn: links.linkedIn };
}

/** Who sees the platform's curation fields of a candidate (status, visibility, the internal ones): the admins who curate. */
export const seesCuration = (viewer: Viewer): boolean => viewer === 'admin';

/**
 * Whose projects "already shortlisted in one of your projects" looks in: the viewer's company's
 * (by its id), or every project for the platform (null).
 */
export const shortlistScope = (viewer: Viewer, companyId: number | undefined): number | null =>
  viewer === 'admin' ? null : (companyId ?? -1);

/** Admins see hidden candidates' names with this flag, so they never show them by mistake (spec: set when not visible but a name exists). */
export function adminAnonymous(viewer: Viewer, c: CandidateFacts): boolean {
  return viewer === 'admin' && !identityPublic(c) && Boolean(`${c.firstName ?? ''}${c.lastName ?? ''}`.trim());
}

/**
 * Whether moving the candidate out of the suggested tab of a company's project reveals them to
 * the company (after the warning): not already shown, and either anonymous but visible, or hidden
 * and curated by an admin into this project.
 */
export function revealsOnMove(
  viewer: Viewer,
  c: CandidateFacts,
  place: PlaceFacts,
  projectHasCompany: boolean,
): boolean {
  if (!projectHasCompany || place.revealed || identityPublic(c)) return false;
  if (viewer === 'none') return false;
  return c.visibility !== false || place.curated;
}

/** The name the viewer reads for the candidate, or null when they see no identity (shown as "Candidate N" or "Anonymous candidate"). */
export function displayName(viewer: Viewer, c: CandidateFacts, place: PlaceFacts | null = null): string | null {
  if (!seesIdentity(viewer, c, place)) return null;
  return `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || null;
}

/**
 * The name an email of a project shows to the project's people (company users and advocates):
 * what the project's company sees of the candidate, so a mail never names someone the board does
 * not, nor hides someone the board names.
 */
export const nameForProjectMail = (c: CandidateFacts, place: PlaceFacts): string | null =>
  displayName('company', { ...c, status: CANDIDATE_STATUS.active }, place);

// ---- SQL twins, for lists. `c` is the candidates table (or a table with the same columns), `pc` the project row. ----

/**
 * SQL: the viewer meets candidate `alias` at all (any table whose `id` is the candidate's): a status they see, and for
 * companies a candidate who did not withdraw consent to be shown to them, whom they meet as if not active.
 */
export const statusSql = (viewer: Viewer, alias = 'c'): string => {
  const statuses = seenStatuses(viewer);
  if (!statuses.length) return 'false';
  const status = `${alias}.status in (${statuses.join(', ')})`;
  return viewer === 'admin' ? status : `(${status} and ${companiesMaySeeSql(alias)})`;
};

/** SQL: candidate `alias` may be shown to companies: their consent to it is not withdrawn (consents.ts). */
export const companiesMaySeeSql = (alias = 'c'): string => `not ${consentWithdrawnSql('shownToCompanies', alias)}`;

/**
 * SQL: the viewer sees the project row `pc` in its stage: RaaS companies from shortlist on, and the stages after
 * interviewing only once one was scheduled (stages.ts, stageVisibleToRaas); everyone else every stage.
 */
export function stageVisibleSql(viewer: Viewer, alias = 'pc'): string {
  if (viewer !== 'raasCompany') return 'true';
  const { always, afterInterview } = RAAS_STAGES;
  return `(${alias}.stage in (${always.join(', ')}) or (${alias}.stage in (${afterInterview.join(', ')}) and ${alias}.interview_scheduled_at is not null))`;
}

/**
 * SQL: the viewer's board of the project shows candidate `c` in its row `pc` there: a candidate the viewer meets
 * (statusSql), in a stage the viewer sees. What a notice, a list or a figure about a project's candidates holds.
 */
export const onBoardSql = (viewer: Viewer, c = 'c', pc = 'pc'): string =>
  `(${statusSql(viewer, c)} and ${stageVisibleSql(viewer, pc)})`;

/** SQL: the viewer sees the identity of candidate `c` in project row `pc` (which may be null: a left join). */
export function identitySql(viewer: Viewer, c = 'c', pc = 'pc'): string {
  if (viewer === 'admin') return 'true';
  if (viewer === 'none') return 'false';
  return `((${c}.visibility is not false and ${c}.anonymous is not true) or ${pc}.revealed_at is not null)`;
}

/** What a reveal uncovers to the project's company, as the activity log records it. */
export const REVEALED_FIELDS = ['firstName', 'lastName', 'profilePic', 'links', 'email', 'phone'] as const;

/**
 * Whether the viewer may send the candidate an interview request or the job description: a
 * candidate it meets, and for a company one who did not hide from companies, unless they were
 * revealed to the project (an admin curated them in, and the company moved them on).
 */
export function mayContact(viewer: Viewer, c: CandidateFacts, place: PlaceFacts | null): boolean {
  if (!seesStatus(viewer, c)) return false;
  return viewer === 'admin' || c.visibility !== false || Boolean(place?.revealed);
}

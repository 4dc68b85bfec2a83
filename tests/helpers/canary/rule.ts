/**
 * What each role may see of each canary, asked of the product's one rule (schema/rules/visibility.ts)
 * over the facts in the database, never written out by hand: the candidate's status, visibility
 * and anonymity; every project row of theirs (stage, curated, revealed); the projects the role may
 * read (the project entity's declared read rule). A role sees an identity or a contact when the
 * rule grants it in some place the role meets the candidate: the console (admins, who curate), its
 * search, or a project it reads. An answer about one project (a project id among its parameters)
 * is judged by search and that project only.
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { SUB_ROLES, ADMIN_TYPES, roleOfCompanyType, type Actor } from '../../../schema/roles';
import { stageVisibleToRaas } from '../../../schema/rules/stages';
import {
  searchStatuses,
  seesContact,
  seesCuration,
  seesIdentity,
  viewerOf,
  type CandidateFacts,
  type PlaceFacts,
  type Viewer,
} from '../../../schema/rules/visibility';
import { whereDeclared } from '../declared';
import type { Kind } from './markers';
import { ROLES, STATES, type CanaryWorld, type Role, type State } from './world';

export interface RuleBook {
  /** Whether `role` may see this of the candidate, anywhere, or in search and project `projectId`. */
  allows(role: Role, state: State, kind: Kind, projectId?: number): boolean;
  actors: Record<Role, Actor>;
}

const SUGGESTED: PlaceFacts = { stage: 0, curated: false, revealed: false };

export async function ruleBook(cw: CanaryWorld): Promise<RuleBook> {
  const { knex } = cw.lw.w;
  const ids = STATES.map((s) => cw.canaries[s].id);
  const facts = new Map<number, CandidateFacts>(
    (await knex('candidates').whereIn('id', ids).select('id', 'status', 'visibility', 'anonymous')).map((r) => [
      r.id,
      { status: r.status, visibility: r.visibility, anonymous: r.anonymous },
    ]),
  );
  const rows = await knex('project_candidates')
    .whereIn('candidate_id', ids)
    .select('project_id', 'candidate_id', 'stage', 'curated', 'revealed_at', 'interview_scheduled_at');
  const actors = {} as Record<Role, Actor>;
  const readable = {} as Record<Role, Set<number>>;
  for (const role of ROLES) {
    actors[role] = await actorOf(knex, cw.lw.emails[role]);
    const projects = whereDeclared(knex('projects'), entity('project'), actors[role], 'read');
    readable[role] = new Set((await projects.pluck('projects.id')) as number[]);
  }

  /** The places the role meets the candidate in: the project's row, as this viewer sees its stage; the suggested tab without one. */
  const placeIn = (viewer: Viewer, candidateId: number, projectId: number): PlaceFacts => {
    const row = rows.find((r) => r.candidate_id === candidateId && r.project_id === projectId);
    if (!row) return SUGGESTED;
    // RaaS companies see a row only in the stages the rule shows them (stageVisibleToRaas, and its twin stageVisibleSql).
    if (
      viewer === 'raasCompany' &&
      !stageVisibleToRaas(row.stage, { interviewScheduled: !!row.interview_scheduled_at })
    )
      return SUGGESTED;
    return { stage: row.stage, curated: row.curated, revealed: row.revealed_at !== null };
  };

  return {
    actors,
    allows(role, state, kind, projectId) {
      const viewer = viewerOf(actors[role]);
      if (seesCuration(viewer)) return true;
      const c = cw.canaries[state];
      const f = facts.get(c.id)!;
      const sees = kind === 'identity' ? seesIdentity : seesContact;
      const places: (PlaceFacts | null)[] = [];
      if (searchStatuses(viewer).includes(f.status)) places.push(null);
      const projects = projectId === undefined ? [...readable[role]] : [projectId].filter((p) => readable[role].has(p));
      for (const p of projects) places.push(placeIn(viewer, c.id, p));
      return places.some((place) => sees(viewer, f, place));
    },
  };
}

/** Who signs in with this email, as the session resolves them. */
async function actorOf(knex: Knex, email: string | undefined): Promise<Actor> {
  if (!email) return { role: 'guest' };
  const admin = await knex('admins').where('email', email).first('id', 'role');
  if (admin) {
    const adminType = admin.role === ADMIN_TYPES.advocate ? 'advocate' : 'general';
    return { role: 'admin', id: admin.id, adminType };
  }
  const user = await knex('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .where('u.email', email)
    .first('u.id', 'u.company_id', 'u.role', 'c.company_type');
  if (user) {
    const subRole = (Object.keys(SUB_ROLES) as (keyof typeof SUB_ROLES)[]).find((k) => SUB_ROLES[k] === user.role);
    return {
      role: roleOfCompanyType(user.company_type),
      id: user.id,
      companyId: user.company_id,
      subRole,
    };
  }
  const candidate = await knex('candidates').where('email', email).first('id');
  if (candidate) return { role: 'candidate', id: candidate.id };
  throw new Error(`nobody signs in as ${email}`);
}

/**
 * `GET /search/candidates/:id` (a profile guid or 'Candidate:12'): the full profile a searcher
 * opens from a result, under the same rules as search itself: a candidate the caller's search
 * would not find is 404; name, photo and links only when the candidate shows them (admins always,
 * with the admin-anonymous flag); contact details and internal notes only for admins; which
 * downloads the caller may make. With `projectId` (opened from a project's board) the name and
 * contact are what the board shows there: the same answer on the card and in the panel; a project
 * the caller does not read, or a candidate it does not reach in it, is 404. Every open is recorded
 * as a profile view. Who may open: from a search, whoever may search candidates; from a board,
 * whoever may read projects (`opener`), so a RaaS company, which has no search, opens the candidates
 * of its own board: the project's read rule, the board's reach (stages it sees) and the gate decide.
 * Opened from a board by the id of a profile since merged into another (a company's old link), it answers the
 * profile it was merged into, as that board shows it, with `replaces` (the id asked for); 404 when not reached there.
 */
import type { Knex } from 'knex';
import { SALARY_CURRENCIES } from '../../../schema/entities/talentOptions';
import { z } from 'zod';
import { entity } from '../../../schema';
import { formatId, parseId } from '../../../schema/lib/ids';
import type { AppContext } from '../../context';
import { readOn } from '../../db/replica';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, forbidden, notFound } from '../../errors';
import { survivorOf } from '../../services/mergedProfiles';
import { logAfterResponse } from './appearances';
import { labelsFor, type Option } from './labels';
import { currencyRates } from './rates';
import { downloadsAllowed, identityFields, openSelect, shownOne } from '../../services/candidateGate';
import { searchStatuses, seesCuration } from './visibility';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { seenStatuses, viewerOf, type PlaceFacts } from '../../../schema/rules/visibility';
import { consentWithdrawnSql } from '../../../schema/rules/consents';

const candidate = entity('candidate');
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Internal fields (spec section 3): admins only. */
const INTERNAL = [
  'source',
  'sourceOtherText',
  'reasonForLeaving',
  'lookingFor',
  'ownerId',
  'candidateStatus',
  'currentSalary',
  'currentSalaryCurrency',
];

const defined = <T>(list: (T | undefined)[]): T[] => list.filter((x): x is T => x !== undefined);

/**
 * Where a candidate stands in a project the caller opened them from (the pipeline's answer, 404 when
 * the caller does not reach them there). Given by the app that mounts search, so search does not
 * import the pipeline built on it.
 */
export type ProjectPlace = (
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  projectRef: string,
  candidateId: number,
) => Promise<PlaceFacts>;

/** What the caller must be allowed to open a profile: search candidates, or, opened from a board, read projects. */
const opener = (projectId: string | undefined) =>
  projectId === undefined ? (['search', 'Candidate'] as const) : (['read', 'Project'] as const);

/**
 * The candidate opened, by guid or 'Candidate:12', when the caller's search would find them (or, opened from a
 * project, a candidate of a status the caller meets at all: the project's reach then decides); else 404.
 */
async function searchedRow(knex: Knex, actor: Actor, ref: string, fromProject: boolean) {
  const id = GUID.test(ref) ? undefined : parseId(candidate, ref);
  if (!id && !GUID.test(ref)) throw notFound();
  const row = await knex('candidates as c')
    .join('candidate_search_documents as d', 'd.id', 'c.id')
    .where(id ? { 'c.id': id } : { 'c.guid': ref })
    .whereIn('d.status', fromProject ? seenStatuses(viewerOf(actor)) : searchStatuses(actor))
    .whereRaw(viewerOf(actor) === 'admin' ? 'true' : `not ${consentWithdrawnSql('shownToCompanies', 'd')}`)
    .first(
      knex.raw(openSelect('c')),
      'd.career_start',
      'd.salary_sgd',
      'd.latest_job_title',
      'd.latest_company',
      'd.completeness',
    );
  if (!row) throw notFound();
  return row;
}

/** What the profile shows beside the row: the labels, the currency rates, the experiences and the educations. */
function profileDetails(knex: Knex, ability: AppAbility, candidateId: number) {
  return Promise.all([
    labelsFor(knex, ability),
    currencyRates(knex),
    knex('candidate_experiences')
      .where('candidate_id', candidateId)
      .orderBy([
        { column: 'current_position', order: 'desc' },
        { column: 'start_date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    knex('candidate_educations')
      .where('candidate_id', candidateId)
      .orderBy([
        { column: 'end_year', order: 'desc', nulls: 'last' },
        { column: 'id', order: 'desc' },
      ]),
  ]);
}

type Details = Awaited<ReturnType<typeof profileDetails>>;
type Shown = NonNullable<Awaited<ReturnType<typeof shownOne>>>;

/** The profile as the caller may read it: the row, who they are through the gate, labels in the asked currency. */
function presentProfile(
  row: Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  shown: Shown,
  [labels, rates, experiences, educations]: Details,
  ability: AppAbility,
  actor: Actor,
  cur: string | undefined,
): Record<string, unknown> {
  const currency = (cur ?? 'SGD').toUpperCase();
  const asked = rates.get(currency) ?? rates.get('SGD') ?? 1;
  const city = (cityId: number | null) => (cityId ? (labels.of('city', cityId) ?? null) : null);
  const profile: Record<string, unknown> = {
    id: formatId(candidate, row.id),
    guid: row.guid,
    ...identityFields(shown),
    summary: row.summary,
    title: row.latest_job_title,
    currentLocation: city(row.current_location_id),
    preferredLocations: (
      (row.preferred_locations ?? []) as {
        locationId: number;
        visaType: number | null;
        visaCategory: string | null;
      }[]
    ).map((p) => ({
      location: city(p.locationId),
      visaType: p.visaType,
      visaCategory: p.visaCategory,
    })),
    visa: row.visa,
    jobTitles: defined(((row.job_title_looking_for ?? []) as number[]).map((j) => labels.of('jobTitle', j))),
    typeOfEmployment: defined(((row.type_of_employment ?? []) as number[]).map((e) => labels.of('employmentType', e))),
    expectedSalary:
      row.expected_salary === null
        ? null
        : {
            amount: row.salary_sgd === null ? null : Math.round(row.salary_sgd / asked),
            currency,
            original: { amount: row.expected_salary, currency: row.expected_salary_currency },
          },
    noticePeriod: row.notice_period,
    workingRemotely: row.working_remotely,
    skills: defined(
      ((row.skills ?? []) as { skillId: number; isStar?: boolean }[]).map((s) => {
        const option = labels.of('skill', s.skillId);
        return option && { ...option, starred: Boolean(s.isStar) };
      }),
    ),
    languages: defined(
      ((row.languages ?? []) as { languageId: number; level: number }[]).map((l) => {
        const option = labels.of('language', l.languageId);
        return option && { ...option, level: l.level };
      }),
    ),
    experiences: experiences.map((x: Record<string, unknown>) => ({
      title: x.title,
      company: x.company,
      location: x.location,
      startDate: x.start_date,
      endDate: x.end_date,
      currentPosition: x.current_position,
      industry: x.industry_id ? (labels.of('industry', x.industry_id as number) ?? null) : null,
      description: x.description,
    })),
    educations: educations.map((e: Record<string, unknown>) => ({
      degree: e.degree,
      institute: e.institute,
      fieldOfStudy: e.field_of_study,
      startYear: e.start_year,
      endYear: e.end_year,
      description: e.description,
    })),
    tags: defined(((row.tags ?? []) as number[]).map((t) => labels.of('tag', t))) as Option[],
    lastUpdated: (row.updated_at as Date).toISOString().slice(0, 10),
    updatedAt: (row.updated_at as Date).toISOString(),
    canDownload: downloadsAllowed(row, ability),
  };
  if (shown.contact) Object.assign(profile, shown.contact);
  if (seesCuration(actor)) {
    Object.assign(profile, {
      status: row.status,
      visibility: row.visibility,
      adminAnonymous: shown.adminAnonymous,
      // Photo, links and CV count in it: for companies it would tell of an identity the gate withholds.
      completeness: row.completeness,
    });
    for (const field of INTERNAL)
      profile[field] = row[field.replace(/[A-Z]/g, (c: string) => `_${c.toLowerCase()}`)] ?? null;
    if (profile.ownerId) profile.ownerId = formatId(entity('admin'), profile.ownerId as number);
  }
  return profile;
}

export interface OpenedProfile {
  profile: Record<string, unknown>;
  candidateId: number;
  /** Opened from a project's board (the project's work, not a search's profile view). */
  fromProject: boolean;
}

/**
 * Opens a candidate's profile as the caller's search may show it, or as a project's board shows
 * them when opened from one. From a search it reads on the replica (run again on the primary if the
 * replica is lost); from a project it reads on the primary, where the board is read: the project's
 * place, the name gate and the details then all see the same stage (a teammate's move that just
 * revealed the candidate is on the board and in the panel alike).
 */
export async function openProfile(
  ctx: AppContext,
  ability: AppAbility,
  actor: Actor,
  projectPlace: ProjectPlace,
  ref: string,
  query: { cur?: string; projectId?: string },
): Promise<OpenedProfile> {
  const open = async (knex: Knex, opening = ref): Promise<OpenedProfile> => {
    const row = await searchedRow(knex, actor, opening, query.projectId !== undefined);
    const details = await profileDetails(knex, ability, row.id);
    // Opened from a project: what the project's board shows of the candidate (schema/rules/visibility.ts).
    const place =
      query.projectId === undefined ? null : await projectPlace(knex, ability, actor, query.projectId, row.id);
    // Who they are and how to reach them, through the gate: as the project's board shows them, or as search does.
    const projectId = place && query.projectId !== undefined ? parseId(entity('project'), query.projectId) : undefined;
    const shown = await shownOne(knex, actor, row.id, { projectId: projectId ?? undefined });
    if (!shown) throw notFound();
    const profile = presentProfile(row, shown, details, ability, actor, query.cur);
    return { profile, candidateId: row.id as number, fromProject: Boolean(place) };
  };
  if (query.projectId === undefined) return readOn(ctx, open);
  try {
    return await open(ctx.knex);
  } catch (err) {
    // A company's old link names a profile since merged into another (duplicates/redirect.ts): the one it lives in now,
    // under the same reach and gate; `replaces` tells the board its link's id.
    const moved = err instanceof AppError && err.status === 404 ? await survivorOfRef(ctx.knex, ref) : undefined;
    if (moved === undefined) throw err;
    // Not reached there: the answer the old id had, which names nothing else.
    const opened = await open(ctx.knex, String(formatId(candidate, moved))).catch((e: unknown) =>
      Promise.reject(e instanceof AppError && e.status === 404 ? err : e),
    );
    return { ...opened, profile: { ...opened.profile, replaces: ref } };
  }
}

/** The profile a merged 'Candidate:12' now lives in; undefined for any other reference. */
async function survivorOfRef(knex: Knex, ref: string): Promise<number | undefined> {
  const id = GUID.test(ref) ? undefined : parseId(candidate, ref);
  if (id === undefined || (await knex('candidates').where('id', id).first('id'))) return undefined;
  return survivorOf(knex, id);
}

export const profileEndpoint = (projectPlace: ProjectPlace) =>
  defineEndpoint({
    method: 'get',
    path: '/search/candidates/:id',
    summary: "A candidate profile as the searcher may see it; records a profile view within the viewer's allowance",
    // Searchers, or readers of projects opening from a board (`opener`, checked in the handler once the query is read).
    access: 'signedIn',
    input: {
      params: z.object({ id: z.string().max(60) }),
      query: z.object({
        cur: z
          .string()
          .refine((c) => (SALARY_CURRENCIES as readonly string[]).includes(c.toUpperCase()), 'cur.errors.unsupported')
          .optional(),
        projectId: z.string().max(60).optional(),
      }),
    },
    handler: async ({ params, query, actor, ability, ctx, res }) => {
      const [action, subject] = opener(query.projectId);
      if (!ability.can(action, subject)) throw forbidden();
      const opened = await openProfile(ctx, ability, actor, projectPlace, params.id, query);
      // A search's open counts as a profile view (logged once it answered, within the viewer's allowance of views,
      // appearances.ts); an open from a project's board is the project's work.
      if (!opened.fromProject) logAfterResponse(res, ctx, actor, 'profileView', [opened.candidateId]);
      return opened.profile;
    },
  });

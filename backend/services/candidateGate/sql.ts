/**
 * The gate's SQL: a candidate's identity and contact columns as the viewer may read them at a
 * place, masked inside PostgreSQL (`case when <rule> then c.first_name end`), so a value the rule
 * withholds never leaves the database. The conditions are the SQL twins of the one rule
 * (schema/rules/visibility.ts): statusSql, identitySql and the contact rule (past the suggested tab).
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { tableShape } from '../../db/shape';
import { textContains } from '../../db/textMatch';
import { STAGES } from '../../../schema/rules/pipeline';
import { identitySql, stageVisibleSql, statusSql, type Viewer } from '../../../schema/rules/visibility';

/**
 * Where the viewer meets the candidate:
 * - `search`: outside any project (search, autocompletes, insights);
 * - `project`: in a project, with the candidate's `project_candidates` row joined by the caller
 *   under `row` (a left join: a candidate still in the suggested tab has none);
 * - `prompt`: text for a language model or an outside analytics service: nothing identifying.
 */
export type Place = { in: 'search' } | { in: 'project'; row?: string } | { in: 'prompt' };

export const SEARCH: Place = { in: 'search' };
export const PROMPT: Place = { in: 'prompt' };
export const inProject = (row = 'pc'): Place => ({ in: 'project', row });

/** The columns that say who a candidate is (identity) and how to reach them (contact). */
export const IDENTITY_COLUMNS = ['first_name', 'last_name', 'profile_pic', 'linked_in_url'] as const;
export const CONTACT_COLUMNS = [
  'email',
  'phone',
  'phone_whatsapp',
  'github_url',
  'stackoverflow_url',
  'dribbble_url',
  'portfolio_url',
  'resume_path',
  'blind_resume_path',
] as const;
/** Identity documents held for Hong Kong's special scheme: the console's alone, never shown elsewhere. */
export const PRIVATE_COLUMNS = ['hk_id', 'hk_passport', 'hk_address'] as const;
/** Every column the gate alone reads for output. */
export const GATED_COLUMNS: readonly string[] = [...IDENTITY_COLUMNS, ...CONTACT_COLUMNS, ...PRIVATE_COLUMNS];

/**
 * SQL: every other column of candidate `c` (a profile's facts: summary, salary, skills, status...),
 * with whether a first name and each CV are held (`gate_has_*`), which permission conditions ask
 * without needing the values.
 */
export function openSelect(c = 'c'): string {
  return [
    ...Object.keys(tableShape(entity('candidate')).columns)
      .filter((column) => !GATED_COLUMNS.includes(column))
      .map((column) => `${c}.${column}`),
    heldSelect(c),
  ].join(', ');
}

/** SQL: whether candidate `c` holds a first name and each CV (`gate_has_*`), never the values (downloadsAllowed). */
export const heldSelect = (c = 'c'): string =>
  [
    `(coalesce(${c}.first_name, '') <> '') as gate_has_first_name`,
    `(${c}.resume_path is not null) as gate_has_resume`,
    `(${c}.blind_resume_path is not null) as gate_has_blind_resume`,
  ].join(', ');

/** SQL: the viewer sees the identity of candidate `c` at `place`. */
export function identityWhen(viewer: Viewer, place: Place, c = 'c'): string {
  if (place.in === 'prompt' || viewer === 'none') return 'false';
  // For companies the status rule holds the consent: one who withdrew it is named to none (contact follows).
  const status = statusSql(viewer, c);
  if (viewer === 'admin') return status;
  const publicly = `(${status} and ${c}.visibility is not false and ${c}.anonymous is not true)`;
  if (place.in === 'search') return publicly;
  // A row in a stage the viewer does not see (a RaaS company's longlist) reveals nothing: met as in the suggested tab.
  const pc = place.row ?? 'pc';
  return `(${publicly} or (${status} and ${stageVisibleSql(viewer, pc)} and ${identitySql(viewer, c, pc)}))`;
}

/** SQL: the viewer sees the contact of candidate `c` at `place` (companies: in a project, past the suggested tab). */
export function contactWhen(viewer: Viewer, place: Place, c = 'c'): string {
  if (place.in === 'prompt' || viewer === 'none') return 'false';
  if (viewer === 'admin') return statusSql(viewer, c);
  if (place.in === 'search') return 'false';
  const pc = place.row ?? 'pc';
  return `(${pc}.stage is not null and ${pc}.stage <> ${STAGES.open} and ${stageVisibleSql(viewer, pc)} and ${identityWhen(viewer, place, c)})`;
}

/**
 * The select list (SQL text) of a candidate as the viewer may read them at `place`, each column
 * masked by the rule, under `gate_`-prefixed names that `present` reads. The facts the label needs
 * (id, whether the viewer sees the identity and the contact, the admin-anonymous flag) come along.
 */
export function shownSelect(viewer: Viewer, place: Place, c = 'c'): string {
  const identity = identityWhen(viewer, place, c);
  const contact = contactWhen(viewer, place, c);
  const masked = (column: string, when: string) => `case when ${when} then ${c}.${column} end as gate_${column}`;
  const adminAnonymous =
    viewer === 'admin'
      ? `(not (${c}.visibility is not false and ${c}.anonymous is not true) and trim(coalesce(${c}.first_name, '') || coalesce(${c}.last_name, '')) <> '')`
      : 'false';
  return [
    `${c}.id as gate_id`,
    `(${identity}) as gate_sees_identity`,
    `(${contact}) as gate_sees_contact`,
    `${adminAnonymous} as gate_admin_anonymous`,
    ...IDENTITY_COLUMNS.map((column) => masked(column, identity)),
    ...CONTACT_COLUMNS.map((column) => masked(column, contact)),
  ].join(',\n       ');
}

/** `shownSelect` for a Knex query's select list (spread it: `.select('x.id', ...shownColumns(...))`). */
export const shownColumns = (knex: Knex, viewer: Viewer, place: Place, c = 'c'): Knex.Raw[] => [
  knex.raw(shownSelect(viewer, place, c)),
];

/**
 * SQL (with one binding, a `containsPattern`): the candidate's name contains it, case and accents aside
 * (db/textMatch.ts), for viewers who see it
 * at `place` only, so a name filter never finds (and so never confirms) a name the viewer may not read.
 */
export const nameMatches = (viewer: Viewer, place: Place, c = 'c'): string =>
  `(${identityWhen(viewer, place, c)} and ${textContains(`coalesce(${c}.first_name, '') || ' ' || coalesce(${c}.last_name, '')`)})`;

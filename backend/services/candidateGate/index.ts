/**
 * The candidate gate: the one way a candidate's identity (name, photo, LinkedIn) and contact
 * (email, phone, the other links, CV paths) leave the database to be shown to someone. Every
 * surface that shows candidates to a viewer (search results, the profile panel, pipeline tabs,
 * interview-request lists, dashboards, notifications, emails, PDFs and exports, AI-match results,
 * ATS pushes and know-before-reveal, chat and live frames) reads them here, so the rule of who sees
 * whom (schema/rules/visibility.ts) is applied once, in SQL, for one row or many.
 *
 * How a surface uses it:
 * - a list joins `candidates as c` (and, in a project, the candidate's `project_candidates` row as
 *   `pc`), adds `shownColumns(knex, viewer, place)` to its select, and maps each row with `present`:
 *   a withheld value is never read out of PostgreSQL;
 * - a name filter uses `nameMatches`, so it finds only names the viewer may read;
 * - a single notice, email or export asks `loadShown` for the ids it names;
 * - text stored earlier about a project's candidate (a notification's title) is read again through
 *   `onBoardOfSql` (still on the viewer's board?) and `hiddenNameText` (the name-free text once the name is hidden);
 * - a message addressed to the candidate themselves (an interview request, a code) reads their own
 *   contact through `ownContact`, never to show it to anyone else; so does the person's own copy of
 *   their data, to find the messages sent to them;
 * - an import's report tells the admin who ran it the stored address of each row it wrote that has
 *   a likely twin, and the names of those twins (`forImportReport`);
 * - work on the rows themselves reads them through own.ts, never to show them: a pair's review and a
 *   merge compare and move the two whole rows, and an erasure removes every copy of the person
 *   (`storedRows`); the match keys are computed from `matchKeySource`.
 *
 * Only this folder, the console's generic CRUD (which applies the declared field permissions) and
 * two housekeeping jobs that show nothing select those columns; columns.test.ts beside this file
 * fails when other code does.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../../schema/roles';
import {
  identitySql,
  onBoardSql,
  stageVisibleSql,
  statusSql,
  viewerOf,
  type Viewer,
} from '../../../schema/rules/visibility';
import { present, type GateRow, type ShownCandidate } from './present';
import { inProject, shownColumns, SEARCH, type Place } from './sql';

export {
  anonymousLabel,
  identityFields,
  present,
  withoutGateColumns,
  type GateRow,
  type ShownCandidate,
} from './present';
export {
  contactWhen,
  GATED_COLUMNS,
  heldSelect,
  identityWhen,
  inProject,
  nameMatches,
  openSelect,
  PROMPT,
  SEARCH,
  shownColumns,
  shownSelect,
  type Place,
} from './sql';
export { downloadsAllowed } from './downloads';
export { hiddenNameText, onBoardOfSql, type StoredSubject } from './stored';
export { matchKeySource, storedRows } from './own';
export { viewerOf, type Viewer } from '../../../schema/rules/visibility';

const asViewer = (who: Viewer | Actor): Viewer => (typeof who === 'string' ? who : viewerOf(who));

/**
 * The candidates `ids` as `who` sees them: outside any project, or in project `projectId` (their
 * row there decides a reveal and the contact). Ids the database does not hold are left out.
 */
export async function loadShown(
  knex: Knex | Knex.Transaction,
  who: Viewer | Actor,
  ids: number[],
  where: { projectId?: number } = {},
): Promise<Map<number, ShownCandidate>> {
  if (!ids.length) return new Map();
  const viewer = asViewer(who);
  const { projectId } = where;
  const place: Place = projectId === undefined ? SEARCH : inProject('pc');
  const q = knex('candidates as c')
    .whereIn('c.id', [...new Set(ids)])
    .select(shownColumns(knex as Knex, viewer, place));
  if (projectId !== undefined)
    q.leftJoin('project_candidates as pc', (j) =>
      j.on('pc.candidate_id', 'c.id').andOn('pc.project_id', knex.raw('?', [projectId])),
    );
  const rows = (await q) as GateRow[];
  return new Map(rows.map((r) => [r.gate_id, present(r)]));
}

/**
 * Of candidates `ids`, those `who`'s board of project `projectId` shows (onBoardSql: a candidate they meet, in a
 * stage they see): a notice or a figure about a project's candidate reaches only those who meet them there.
 */
export async function onBoard(
  knex: Knex | Knex.Transaction,
  who: Viewer | Actor,
  projectId: number,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = (await knex('candidates as c')
    .join('project_candidates as pc', (j) =>
      j.on('pc.candidate_id', 'c.id').andOn('pc.project_id', knex.raw('?', [projectId])),
    )
    .whereIn('c.id', [...new Set(ids)])
    .whereRaw(onBoardSql(asViewer(who), 'c', 'pc'))
    .pluck('c.id')) as number[];
  return new Set(found);
}

/** One candidate as `who` sees them (see loadShown), or undefined when the id names nobody. */
export async function shownOne(
  knex: Knex | Knex.Transaction,
  who: Viewer | Actor,
  id: number,
  where: { projectId?: number } = {},
): Promise<ShownCandidate | undefined> {
  return (await loadShown(knex, who, [id], where)).get(id);
}

/** A candidate's own name and contact, to address a message to them. */
export interface OwnContact {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  phoneWhatsapp: boolean;
}

/**
 * The candidates' own names and contacts, to address a message to each of them (an interview
 * request, a qualify request on WhatsApp, a reminder), or to find the messages sent to them for
 * their own copy of their data: never shown to anyone but the candidate.
 */
export async function ownContacts(knex: Knex | Knex.Transaction, ids: number[]): Promise<Map<number, OwnContact>> {
  if (!ids.length) return new Map();
  const rows = (await knex('candidates')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'first_name', 'last_name', 'email', 'phone', 'phone_whatsapp')) as Record<string, unknown>[];
  return new Map(
    rows.map((row) => [
      row.id as number,
      {
        id: row.id as number,
        firstName: row.first_name as string | null,
        lastName: row.last_name as string | null,
        email: row.email as string,
        phone: row.phone as string | null,
        phoneWhatsapp: row.phone_whatsapp !== false,
      },
    ]),
  );
}

/** One candidate's own name and contact (see ownContacts). */
export async function ownContact(knex: Knex | Knex.Transaction, id: number): Promise<OwnContact | undefined> {
  return (await ownContacts(knex, [id])).get(id);
}

/**
 * The stored email and full name (first and last, trimmed) of candidates `ids`, for the report of an
 * import (talent/import), which admins alone read and who see every candidate's name and contact in
 * the console: the address each row the import wrote is stored under, and the names of the likely
 * twins it tells of. Ids the database does not hold are left out.
 */
export async function forImportReport(
  knex: Knex | Knex.Transaction,
  ids: number[],
): Promise<Map<number, { email: string; name: string }>> {
  if (!ids.length) return new Map();
  const rows = (await knex('candidates')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'email', knex.raw("trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name"))) as {
    id: number;
    email: string;
    name: string;
  }[];
  return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name }]));
}

/**
 * The words of each candidate's name, to take them out of text bound for a language model or an
 * outside service (the `prompt` place): read to be removed, never to be shown.
 */
export async function namesToScrub(knex: Knex | Knex.Transaction, ids: number[]): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = (await knex('candidates')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'first_name', 'last_name')) as { id: number; first_name: string | null; last_name: string | null }[];
  return new Map(
    rows.map((p) => [p.id, [p.first_name ?? '', p.last_name ?? '', `${p.first_name ?? ''} ${p.last_name ?? ''}`]]),
  );
}

/**
 * Whether `who` may be handed the stored picture at `picturePath` (a `/uploads/profile-pics/…` path). A picture no
 * candidate holds is `public` while an admin or a company user holds it (their own picture), and refused (false) when
 * nobody does: a merged-away profile's picture waiting for its deletion (duplicates/pictures.ts) is no one's. A
 * candidate's goes to the candidate and to admins, and to a company only while it may see the candidate at all
 * (statusSql: an active status, the consent to be shown to companies kept) and may see who they are (identitySql:
 * visible and not anonymous, or revealed in one of the company's projects, in a stage its board shows): a company that
 * learnt the address while the candidate was shown is refused once they pause, hide, turn anonymous or withdraw that
 * consent. Companies learn the address only through the gate (`profilePic`, a revealed field).
 */
export async function pictureShown(
  knex: Knex | Knex.Transaction,
  who: Actor,
  picturePath: string,
): Promise<'public' | boolean> {
  const [sql, bindings] = pictureSqlFor(who);
  const [owner] = (await knex('candidates as c')
    .where('c.profile_pic', picturePath)
    .select('c.id', knex.raw(`${sql} as shown`, bindings))) as {
    id: number;
    shown: boolean;
  }[];
  if (!owner) return (await heldByStaff(knex, picturePath)) ? 'public' : false;
  if (who.role === 'candidate' && who.id === owner.id) return true;
  return owner.shown;
}

/**
 * Whether an admin or a company user holds the picture (their own, shown beside their name): a stored picture nobody
 * holds (a merged profile's the survivor did not keep, one replaced or left behind) is nobody's to show.
 */
async function heldByStaff(knex: Knex | Knex.Transaction, picturePath: string): Promise<boolean> {
  const { rows } = await knex.raw(
    `select exists (select 1 from admins where profile_pic = :p)
         or exists (select 1 from company_users where profile_pic = :p) as held`,
    { p: picturePath },
  );
  return (rows as { held: boolean }[])[0]?.held === true;
}

/** SQL: `who` may have candidate `c`'s picture, with its bindings (a company's id). */
const pictureSqlFor = (who: Actor): [string, number[]] => {
  const viewer = viewerOf(who);
  if (viewer === 'none') return ['false', []];
  if (viewer === 'admin') return [statusSql(viewer, 'c'), []];
  const publicly = `(c.visibility is not false and c.anonymous is not true)`;
  const revealed = `exists (select 1 from project_candidates pc join projects p on p.id = pc.project_id
     where pc.candidate_id = c.id and p.company_id = ? and ${stageVisibleSql(viewer, 'pc')} and ${identitySql(viewer, 'c', 'pc')})`;
  return [`(${statusSql(viewer, 'c')} and (${publicly} or ${revealed}))`, [who.companyId ?? -1]];
};

/**
 * Candidate notes (spec section 3): admins write notes for admins only (1) or also for the company
 * (2); company users write notes the company and admins read (2), only in their company's projects.
 *   GET    /candidate-note/:candidateId?projectId=&before=   20 a page, newest first, after the note `before` names
 *                                                            (the last one held; `page=N` pages by number instead)
 *   POST   /candidate-note {candidateId, projectId, note, visibility}
 *   PUT    /candidate-note/:key {note, visibility}           one's own note (admins: any)
 *   DELETE /candidate-note/:key                              soft: the note stays with deletedAt
 * A company reads only its own company's notes of visibility 2 (the declared read rule, in SQL);
 * a note of a project is read only by those who read the project; deleted notes are read by
 * nobody. A note is written only on a candidate the writer reaches in the project, and a company reads
 * a project's notes by the same rule (reachedProjects). Each write is logged. An edit or delete changes the note only
 * while it is not deleted (checked on the row in its transaction): a note deleted meanwhile is not found (404), so it
 * is deleted and logged once, and never edited after.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import { specKeys } from '../../../schema/validation/inputs';
import { entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import { actorRefs, type Actor } from '../../../schema/roles';
import { NOTE_VISIBILITY } from '../../../schema/rules/pipeline';
import { id, int, oneOf, text } from '../../../schema/validation/inputs';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { badRequest, forbidden, notFound } from '../../errors';
import { permissionSql } from '../../permissions/sql';
import { logRecruitmentActivity } from '../../services/activity';
import { actorName, loadProject, loadProjectToChange, scopeProjects } from './access';
import { statusSql, viewerOf } from '../../../schema/rules/visibility';
import { projectsReaching, requireReach } from './reach';

const noteDef = entity('candidateNote');
export const NOTES_PAGE = 20;
const VISIBILITIES = Object.values(NOTE_VISIBILITY);

interface NoteRow {
  id: number;
  key: string;
  candidate_id: number;
  project_id: number | null;
  company_id: number | null;
  note: string;
  visibility: number;
  author_admin_id: number | null;
  author_user_id: number | null;
  author_name: string | null;
  created_at: Date;
  updated_at: Date | null;
}

/** A note as its fields read for CASL (the declared conditions name entity fields). */
const asNote = (n: NoteRow) =>
  asSubject(noteDef.subject, {
    companyId: n.company_id,
    visibility: n.visibility,
    authorUserId: n.author_user_id,
    authorAdminId: n.author_admin_id,
  });

function present(n: NoteRow, actor: Actor) {
  const me = actorRefs(actor);
  const mine =
    (me.adminId !== null && n.author_admin_id === me.adminId) || (me.userId !== null && n.author_user_id === me.userId);
  return {
    key: n.key,
    note: n.note,
    visibility: n.visibility,
    authorName: n.author_name,
    mine,
    createdAt: n.created_at.toISOString(),
    // A note is edited once it changed after it was written (a new row's updated_at is its creation).
    updatedAt: n.updated_at && n.updated_at.getTime() > n.created_at.getTime() ? n.updated_at.toISOString() : null,
  };
}

/**
 * Notes the caller reads, never deleted ones: the note's own read rule, and a note of a project
 * only when the caller reads that project, however the call is shaped.
 */
function readableNotes(knex: Knex, ability: AppAbility) {
  const q = knex('candidate_notes as n').whereNull('n.deleted_at');
  const cond = permissionSql(ability, 'read', noteDef.subject, 'n');
  if (cond === false) q.whereRaw('1 = 0');
  else if (cond) q.whereRaw(cond[0], cond[1] as Knex.RawBinding[]);
  q.where((w) =>
    w
      .whereNull('n.project_id')
      .orWhereExists(
        scopeProjects(knex('projects as p').whereRaw('p.id = n.project_id').select(knex.raw('1')), ability),
      ),
  );
  return q;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The note named by `key` as the caller reads it, to be changed by `action`: 404 unread, 403 not the caller's. */
async function noteToChange(
  knex: Knex,
  ability: AppAbility,
  key: string,
  action: 'update' | 'delete',
): Promise<NoteRow> {
  if (!UUID.test(key)) throw notFound('candidateNote.notFound');
  const note = (await readableNotes(knex, ability).where('n.key', key).first('n.*')) as NoteRow | undefined;
  if (!note) throw notFound('candidateNote.notFound');
  if (!ability.can(action, asNote(note))) throw forbidden('candidateNote.errors.notYours');
  return note;
}

/**
 * The note `id` while it is not deleted, to be changed in `trx`: the update waits for a change of the row in progress
 * and then finds the row as that left it, so a note deleted meanwhile is changed by nobody (it returns no row).
 */
const liveNote = (trx: Knex.Transaction, id: number) => trx('candidate_notes').where('id', id).whereNull('deleted_at');

/** The visibility a write stores: the one asked (or kept) where the note's visibility field is writable by the caller (admins), else 2. */
const visibilityFor = (mayChoose: boolean, asked: number | undefined) =>
  mayChoose ? (asked ?? NOTE_VISIBILITY.companyToo) : NOTE_VISIBILITY.companyToo;

const noteText = text(5000);

/**
 * Writes a note on a candidate, in a project the caller changes and reaches the candidate in, or
 * outside any project for those who may (admins); the note's visibility as the caller may set it.
 */
export async function writeNote(
  ctx: Pick<AppContext, 'knex'>,
  ability: AppAbility,
  actor: Actor,
  body: { candidateId: number; projectId?: number; note: string; visibility?: number },
) {
  const knex = ctx.knex;
  // A note outside any project belongs to no company: only those who may write such notes (admins) leave the project out.
  if (body.projectId === undefined && !ability.can('create', asSubject(noteDef.subject, { companyId: null })))
    throw badRequest({ projectId: 'projectId.errors.required' });
  const project = body.projectId !== undefined ? await loadProjectToChange(knex, ability, body.projectId) : null;
  const candidate = await knex('candidates as c')
    .where('c.id', body.candidateId)
    .whereRaw(statusSql(viewerOf(actor)))
    .first('c.id');
  if (!candidate) throw notFound('project.candidate.notFound');
  if (project) await requireReach(knex, ability, actor, project, [body.candidateId]);
  const companyId = project?.companyId ?? null;
  if (!ability.can('create', asSubject(noteDef.subject, { companyId }))) throw forbidden();
  const name = await actorName(knex, actor);
  const note = await knex.transaction(async (trx) => {
    const [row] = (await trx('candidate_notes')
      .insert({
        candidate_id: body.candidateId,
        project_id: project?.id ?? null,
        company_id: companyId,
        note: body.note,
        visibility: visibilityFor(
          ability.can('create', asSubject(noteDef.subject, { companyId }), 'visibility'),
          body.visibility,
        ),
        author_admin_id: actorRefs(actor).adminId,
        author_user_id: actorRefs(actor).userId,
        author_name: name,
      })
      .returning('*')) as NoteRow[];
    await logRecruitmentActivity(trx, {
      candidateId: body.candidateId,
      activity: 'noteAdded',
      projectId: project?.id,
      actor,
      actorName: name,
      companyId,
      data: { key: row.key, visibility: row.visibility },
    });
    return row;
  });
  return { success: true, data: present(note, actor) };
}

/**
 * The projects among the candidate's notes where the caller reaches the candidate (reach.ts, the rule a note is
 * written by), or null for admins, who read every note their rules allow. A company reaches those its board of the
 * project shows and, unless RaaS, those the project's saved filters find: so the note it wrote on a suggested
 * candidate of a closed project (no row, as nothing is marked seen there) and an admin's note for it on a candidate
 * its saved filters find are read back. Not the advocates' notes of a RaaS company's longlist, which its board never
 * shows, nor any note of a candidate who paused or withdrew the consent to be shown. Asked of every project at once
 * (reach.ts `projectsReaching`), so the statements do not grow with the candidate's history.
 */
async function reachedProjects(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  candidateId: number,
  projectId: number | undefined,
): Promise<number[] | null> {
  if (viewerOf(actor) === 'admin') return null;
  const q = readableNotes(knex, ability).where('n.candidate_id', candidateId).whereNotNull('n.project_id');
  if (projectId !== undefined) q.where('n.project_id', projectId);
  const ids = ((await q.distinct('n.project_id')) as { project_id: number }[]).map((r) => r.project_id);
  return projectsReaching(knex, ability, actor, candidateId, ids);
}

/**
 * Pages newest first: after the note `before` names (a key, the last one the caller holds) when given, so notes
 * deleted or written meanwhile shift nothing; else by page number. A key that names no note of the candidate is 400.
 */
async function pageFrom(
  knex: Knex,
  q: Knex.QueryBuilder,
  candidateId: number,
  query: { page?: number; before?: string },
): Promise<void> {
  if (query.before === undefined) {
    q.offset(((query.page ?? 1) - 1) * NOTES_PAGE);
    return;
  }
  const from = UUID.test(query.before)
    ? ((await knex('candidate_notes')
        .where({ key: query.before, candidate_id: candidateId })
        .first('created_at', 'id')) as { created_at: Date; id: number } | undefined)
    : undefined;
  if (!from) throw badRequest({ before: 'candidateNote.errors.before' });
  q.whereRaw('(n.created_at, n.id) < (?, ?)', [from.created_at, from.id]);
}

export const noteEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/candidate-note/:candidateId',
    summary: "A candidate's notes the caller may read, 20 a page, newest first",
    access: { action: 'read', subject: 'CandidateNote' },
    input: {
      params: z.object({ candidateId: id('candidate') }),
      query: specKeys(
        z.object({
          projectId: id('project').optional(),
          page: int().pipe(z.number().min(1).max(100000)).optional(),
          before: z.string().max(60).optional(),
        }),
      ),
    },
    handler: async ({ params, query, ability, actor, ctx }) => {
      const knex = ctx.knex;
      if (!(await knex('candidates').where('id', params.candidateId).first('id')))
        throw notFound('project.candidate.notFound');
      if (query.projectId !== undefined) await loadProject(knex, ability, { id: query.projectId });
      const q = readableNotes(knex, ability).where('n.candidate_id', params.candidateId);
      if (query.projectId !== undefined) q.where('n.project_id', query.projectId);
      const reached = await reachedProjects(knex, ability, actor, params.candidateId, query.projectId);
      if (reached) q.whereIn('n.project_id', reached);
      await pageFrom(knex, q, params.candidateId, query);
      const rows = (await q
        .orderBy([
          { column: 'n.created_at', order: 'desc' },
          { column: 'n.id', order: 'desc' },
        ])
        .limit(NOTES_PAGE)
        .select('n.*')) as NoteRow[];
      return { success: true, data: rows.map((r) => present(r, actor)), page: query.page ?? 1 };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/candidate-note',
    summary: 'Writes a note on a candidate in a project',
    access: { action: 'create', subject: 'CandidateNote' },
    input: {
      body: specKeys(
        z.strictObject({
          candidateId: id('candidate'),
          projectId: id('project').optional(),
          note: noteText,
          visibility: oneOf(VISIBILITIES).optional(),
        }),
      ),
    },
    status: 201,
    handler: ({ body, ability, actor, ctx }) => writeNote(ctx, ability, actor, body),
  }),

  defineEndpoint({
    method: 'put',
    path: '/candidate-note/:key',
    summary: "Edits one's own note (admins: any note)",
    access: { action: 'update', subject: 'CandidateNote' },
    input: {
      params: z.object({ key: z.string().max(60) }),
      body: z.object({ note: noteText, visibility: oneOf(VISIBILITIES).optional() }),
    },
    handler: async ({ params, body, ability, actor, ctx }) => {
      const knex = ctx.knex;
      const note = await noteToChange(knex, ability, params.key, 'update');
      const name = await actorName(knex, actor);
      const visibility = visibilityFor(
        ability.can('update', asNote(note), 'visibility'),
        body.visibility ?? note.visibility,
      );
      const updated = await knex.transaction(async (trx) => {
        const [row] = (await liveNote(trx, note.id)
          .update({ note: body.note, visibility, updated_at: new Date() })
          .returning('*')) as NoteRow[];
        if (!row) throw notFound('candidateNote.notFound');
        await logRecruitmentActivity(trx, {
          candidateId: note.candidate_id,
          activity: 'noteEdited',
          projectId: note.project_id ?? undefined,
          actor,
          actorName: name,
          companyId: note.company_id,
          data: { key: note.key, visibility },
        });
        return row;
      });
      return { success: true, data: present(updated, actor) };
    },
  }),

  defineEndpoint({
    method: 'delete',
    path: '/candidate-note/:key',
    summary: "Deletes one's own note (admins: any note); the note is kept as deleted",
    access: { action: 'delete', subject: 'CandidateNote' },
    input: { params: z.object({ key: z.string().max(60) }) },
    handler: async ({ params, ability, actor, ctx }) => {
      const knex = ctx.knex;
      const note = await noteToChange(knex, ability, params.key, 'delete');
      const name = await actorName(knex, actor);
      await knex.transaction(async (trx) => {
        const [row] = (await liveNote(trx, note.id).update({ deleted_at: new Date() }).returning('*')) as NoteRow[];
        if (!row) throw notFound('candidateNote.notFound');
        await logRecruitmentActivity(trx, {
          candidateId: note.candidate_id,
          activity: 'noteDeleted',
          projectId: note.project_id ?? undefined,
          actor,
          actorName: name,
          companyId: note.company_id,
          // As adding and editing: the live event of a note for admins alone reaches the admins alone.
          data: { key: note.key, visibility: row.visibility },
        });
      });
      return { success: true };
    },
  }),
];

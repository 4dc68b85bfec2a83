/**
 * Carrying out an erasure. The candidate's row stays, renamed "Erased candidate" with nothing else,
 * so the pipeline rows, logs and counts that reference it keep companies' boards and dashboards
 * true; everything else about the person goes, in one transaction:
 * - rows of tables that reference the candidate: history kept (pipeline, stage and view logs,
 *   interview and qualify requests, insight counts, erasure requests) loses its free text (a hold's
 *   reason too, and a company's comment on its rejection, the reason kept: clearRejectionComments);
 *   every other table's rows are deleted. The tables are read from the database's own catalogue (a
 *   partitioned table by its parent), so a table added later that references candidates is covered
 *   without a list to keep up to date;
 * - mentions elsewhere (eraseScope.ts): every text and JSON column of every table but the lookups
 *   is rewritten where it holds a contact identifier of the person (full email, phone, profile
 *   address, identity number), and, but in another candidate's rows, their full name; the weak ones
 *   (a handle, the passport, the address, a first or last name alone) only in the rows tied to the
 *   person themselves (their kept history, notifications and mail about them), never in their
 *   projects' conversations, nor in the notes on other candidates of their projects;
 * - the ATS records linked to the candidate's pipeline rows, and the applications left on jobs their
 *   projects were relinked away from, are listed in the report (with the vendor's id of the person and
 *   whether the product created that person there: eraseAts.ts) and unlinked;
 *   the erase_ats_records job then erases them with the vendor's own call where it has one, or
 *   lists them for the companies (atsRecords.ts); stored files (CV, blind CV, picture, CV drafts,
 *   copies of their data, chat attachments that name them or, in their projects' chats, whose text does, the import reports' copies holding
 *   their rows and failed imports' uploads: eraseFiles.ts) are deleted by the delete_erased_files
 *   job, queued in the transaction (queueFileDeletion): it runs once the erasure has committed, and
 *   is retried until every file is gone.
 * A person may have had other profiles, merged into this one: the merge journals (candidate_merges) are the last
 * place that keeps them, and go with the rows referencing the candidate. Read first (eraseScope.ts, formerProfiles),
 * their emails, identifiers and files are the person's too: each profile had its own email (email is unique). So are
 * the emails and phones the person replaced (candidate_former_identifiers, eraseScope.ts formerIdentifiers): their
 * mail, their mentions and their hashes go as the current ones' do.
 * One-way hashes of each of the person's emails stay (erased_emails: as written and its mailbox, services/erasedEmails.ts),
 * so an import does not bring them back under that or another spelling of the same mailbox.
 */
import type { Knex } from 'knex';
import { ERASED_FIRST_NAME, ERASED_LAST_NAME } from '../../../schema/rules/dataRights';
import { erasedHashesOf } from '../../services/erasedEmails';
import type { Config } from '../../config';
import { storageFor } from '../../adapters/storage/select';
import { keyOfPublicPath } from '../../adapters/storage/serve';
import { queueJob } from '../../services/queue';
import { cancelBookings } from '../../services/interviewBooking';
import { storedRows } from '../../services/candidateGate';
import { atsRecordsOf, type AtsRecord } from './eraseAts';
import {
  clearFailedUploads,
  eraseChatAttachments,
  eraseChatAttachmentsByText,
  eraseFromImportReports,
} from './eraseFiles';
import {
  clearRejectionComments,
  eraseRunEntries,
  formerIdentifiers,
  formerProfiles,
  identifiersOf,
  type Identifiers,
  LOOKUP_TABLES,
  matchedText,
  type Scope,
  type Scopes,
  scopesOf,
} from './eraseScope';

export type { AtsRecord } from './eraseAts';

/** What the erasure touched, by table, and the candidate's ATS records. */
export interface ErasureReport {
  deleted: Record<string, number>;
  scrubbed: Record<string, number>;
  files: number;
  atsRecords: AtsRecord[];
}

/** Tables whose rows about the candidate are history companies count: kept, their free text cleared. */
const KEPT = new Set([
  'project_candidates',
  'candidate_recruitment_stage_logs',
  'candidate_search_or_view_logs',
  'interview_requests',
  'qualify_requests',
  'candidate_insight_daily',
  'erasure_requests',
]);
/** Tables read by nobody for people's text: the data rights records themselves, and graphile's. */
const NEVER_SCANNED = new Set([
  'candidates',
  'erased_emails',
  'data_rights_logs',
  'knex_migrations',
  'knex_migrations_lock',
]);
/**
 * Where a first or last name alone is a mention of the person, in the rows tied to them: mail and
 * notifications about them. Elsewhere a lone name (a common surname) would rewrite other people's text.
 */
const MENTION_COLUMNS = new Set([
  'notifications.title',
  'notifications.body',
  'outbox_emails.subject',
  'outbox_emails.text',
  'outbox_emails.html',
  'outbox_emails.attachments',
  'whatsapp_messages.preview',
  'whatsapp_messages.components',
]);
const ERASED = `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`;
/** Derived tables whose rows naming the person are deleted, not rewritten (a rewrite could collide with a unique word). */
const DERIVED = new Set(['search_terms']);

interface Column {
  table: string;
  column: string;
  type: string;
}

/** Every text, JSON and array column of the application's tables but the lookups (a partitioned table by its parent). */
async function textColumns(trx: Knex.Transaction): Promise<Column[]> {
  const { rows } = await trx.raw<{ rows: { table_name: string; column_name: string; udt_name: string }[] }>(
    `select c.table_name, c.column_name, c.udt_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       join pg_class cl on cl.oid = format('%I.%I', c.table_schema, c.table_name)::regclass
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and not cl.relispartition
        and c.udt_name = any(?)
      order by c.table_name, c.ordinal_position`,
    [['text', 'varchar', 'json', 'jsonb', 'tsvector', '_text', '_varchar']],
  );
  return rows
    .filter((r) => !NEVER_SCANNED.has(r.table_name) && !LOOKUP_TABLES.has(r.table_name))
    .map((r) => ({ table: r.table_name, column: r.column_name, type: r.udt_name }));
}

/**
 * Tables with a column referencing candidates(id), by the catalogue's foreign keys and by name.
 * Partitions are left out: a partitioned table is named once, by its parent (a statement on the
 * parent reaches every partition), so a kept table's partitions (candidate_search_or_view_logs_y2026m01,
 * ..._default) are kept with it.
 */
async function referencingColumns(trx: Knex.Transaction): Promise<{ table: string; column: string }[]> {
  const { rows } = await trx.raw<{ rows: { table: string; column: string }[] }>(
    `select distinct cl.relname as table, a.attname as column
       from pg_constraint k
       join pg_class cl on cl.oid = k.conrelid
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
      where k.contype = 'f' and k.confrelid = 'candidates'::regclass and not cl.relispartition
     union
     select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       join pg_class cl on cl.oid = format('%I.%I', c.table_schema, c.table_name)::regclass
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and not cl.relispartition
        and c.column_name = 'candidate_id' and c.table_name <> 'data_rights_logs'`,
  );
  return rows;
}

/** Rewrites `pattern` to the erased name in one column, only in rows `scope` selects when given. */
async function rewrite(
  trx: Knex.Transaction,
  col: Column,
  pattern: string,
  [scope, bindings = []]: Partial<Scope> = [],
) {
  const id = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const where = `${matchedText(col.table, col.column)} ~* ?${scope ? ` and (${scope})` : ''}`;
  if (DERIVED.has(col.table))
    return (await trx.raw(`delete from ${id(col.table)} where ${where}`, [pattern, ...bindings])).rowCount as number;
  if (col.type === 'tsvector') {
    // A search vector is derived: emptied where it holds the person; its row's trigger or job rebuilds it.
    return (
      await trx.raw(`update ${id(col.table)} set ${id(col.column)} = ''::tsvector where ${where}`, [
        pattern,
        ...bindings,
      ])
    ).rowCount as number;
  }
  const cast =
    { text: '', varchar: '', json: '::json', jsonb: '::jsonb', _text: '::text[]', _varchar: '::varchar[]' }[col.type] ??
    '';
  const sql = `update ${id(col.table)} set ${id(col.column)} = regexp_replace(${matchedText(col.table, col.column)}, ?, ?, 'gi')${cast}
    where ${where}`;
  return (await trx.raw(sql, [pattern, ERASED, pattern, ...bindings])).rowCount as number;
}

/**
 * The rewrites of one column, in order, each a pattern and the rows it applies to (eraseScope.ts): every identifier
 * and a lone name in the person's own rows; the full name in their projects' rows; contact identifiers and a full name
 * that is no lookup phrase in every row but another candidate's, and contact identifiers alone in those.
 */
function rewrites(ids: Identifiers, ties: Scopes, col: Column): [string, Partial<Scope>][] {
  const [own, project, others] = [ties.own, ties.project, ties.others].map((m) => m.get(col.table));
  const notOthers = (scope?: Scope): Partial<Scope> => {
    if (!others) return scope ?? [];
    const [sql, bindings] = scope ? [`(${scope[0]}) and `, scope[1]] : ['', []];
    return [`${sql}not (${others[0]})`, [...bindings, ...others[1]]];
  };
  const out: [string | undefined, Partial<Scope>][] = [];
  if (own) out.push([ids.broad, own]);
  if (own && MENTION_COLUMNS.has(`${col.table}.${col.column}`)) out.push([ids.lone, own]);
  if (project) out.push([ids.named, notOthers(project)]);
  out.push([ids.strong, notOthers()]);
  if (others) out.push([ids.contact, others]);
  return out.filter((r): r is [string, Partial<Scope>] => !!r[0]);
}

/**
 * Erases candidate `candidateId`; returns what it did, or undefined when there is no such
 * candidate. Run inside the caller's transaction; the returned `files` are to be deleted through
 * `queueFileDeletion` in it, and the files it stored meanwhile (rewritten import reports, pushed to
 * `written`) if it does not.
 */
export async function eraseCandidate(
  trx: Knex.Transaction,
  config: Config,
  candidateId: number,
  written: string[] = [],
): Promise<{ report: ErasureReport; files: string[] } | undefined> {
  const [c] = await storedRows(trx, [candidateId], { forUpdate: true });
  if (!c) return undefined;
  const report: ErasureReport = { deleted: {}, scrubbed: {}, files: 0, atsRecords: [] };
  const count = (bag: Record<string, number>, table: string, n: number) => {
    if (n) bag[table] = (bag[table] ?? 0) + n;
  };

  // The person's profiles: this one, those merged into it as their merges' journals keep them, and the emails and
  // phones they replaced, each as a profile of its own.
  const profiles = [c, ...(await formerProfiles(trx, candidateId)), ...(await formerIdentifiers(trx, candidateId))];
  const emails = [
    ...new Set(profiles.map((p) => (typeof p.email === 'string' ? p.email.trim().toLowerCase() : '')).filter(Boolean)),
  ];

  // The picture is kept as its public path (/uploads/<key>); its key is what storage deletes.
  const files = [
    ...new Set(
      profiles
        .flatMap((p) => [p.resume_path, p.blind_resume_path, keyOfPublicPath(p.profile_pic as string | null)])
        .filter((k): k is string => typeof k === 'string' && !!k),
    ),
  ];
  for (const r of await trx('cv_uploads').where('candidate_id', candidateId).select('key')) files.push(r.key as string);
  for (const r of await trx('data_exports')
    .where('candidate_id', candidateId)
    .whereNotNull('file_key')
    .select('file_key'))
    files.push(r.file_key as string);

  const pipeline = await trx('project_candidates').where('candidate_id', candidateId).select('id', 'project_id');
  const projectIds = [...new Set(pipeline.map((r) => r.project_id as number))];

  // ATS records: the applications linked to the pipeline rows, or to the candidate (a deleted project's rows are
  // gone), and those left on jobs a project was relinked away from (eraseAts.ts): listed for their companies.
  const ats = await atsRecordsOf(
    trx,
    candidateId,
    pipeline.map((r) => r.id as number),
  );
  report.atsRecords = ats.records;
  count(report.deleted, 'integration_links', ats.unlinked);

  // Sessions and codes of the person's own sign-in.
  count(report.deleted, 'sessions', await trx('sessions').where({ actor_kind: 3, actor_id: candidateId }).delete());
  for (const table of ['email_codes', 'social_logins'])
    count(report.deleted, table, await trx(table).whereRaw('lower(email) = any(?::text[])', [emails]).delete());
  count(
    report.deleted,
    'outbox_emails',
    await trx('outbox_emails').whereRaw('lower("to") = any(?::text[])', [emails]).delete(),
  );

  // Rows that reference the candidate: history kept without its text, the rest deleted.
  const refs = (await referencingColumns(trx)).filter((r) => r.table !== 'candidates');
  const ties = await scopesOf(trx, refs, candidateId, projectIds, emails);
  for (const ref of refs) {
    if (KEPT.has(ref.table)) continue;
    count(report.deleted, ref.table, await trx(ref.table).where(ref.column, candidateId).delete());
  }
  // A merge of the person's profile into another, undone since: its journal holds the whole profile as it was.
  count(report.deleted, 'candidate_merges', await trx('candidate_merges').where('merged_id', candidateId).delete());
  // Free text of the kept history: the candidate's own words and the number their messages went to.
  await trx('interview_requests').where('candidate_id', candidateId).update({ reject_text: null });
  await cancelBookings(trx, config, { candidateIds: [candidateId] }, false); // Booked interviews: the interviewer told.
  await trx('qualify_requests').where('candidate_id', candidateId).update({ to_phone: '', reply_text: null });
  // And the admins' words about the person on their erasure requests (a hold's reason; the log never holds it).
  await trx('erasure_requests').where('candidate_id', candidateId).update({ held_reason: null });
  await clearRejectionComments(trx, candidateId);

  // The candidate's own row: every column back to its default (or empty), the name "Erased candidate".
  const { rows: cols } = await trx.raw<{
    rows: { column_name: string; is_nullable: string; column_default: string | null; data_type: string }[];
  }>(
    `select column_name, is_nullable, column_default, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'candidates'`,
  );
  const keep = new Set(['id', 'created_at', 'updated_at', 'first_name', 'last_name', 'email', 'status', 'visibility']);
  const sets: string[] = [];
  for (const col of cols) {
    if (keep.has(col.column_name)) continue;
    const value =
      col.column_default !== null
        ? 'default'
        : col.is_nullable === 'YES'
          ? 'null'
          : col.data_type === 'ARRAY'
            ? "'{}'"
            : col.data_type === 'boolean'
              ? 'false'
              : col.data_type.includes('int') || col.data_type === 'numeric'
                ? '0'
                : "''";
    sets.push(`"${col.column_name}" = ${value}`);
  }
  await trx.raw(
    `update candidates set ${sets.join(', ')}, first_name = ?, last_name = ?, email = ?, status = 2, visibility = false, updated_at = now() where id = ?`,
    [ERASED_FIRST_NAME, ERASED_LAST_NAME, `erased-${candidateId}@erased.invalid`, candidateId],
  );

  // Mentions: each kind of identifier in the rows of the ties it belongs to (eraseScope.ts).
  const ids = await identifiersOf(trx, profiles);
  // Files naming the person that are not theirs alone, found before the text naming them is rewritten.
  const mentions = { strong: ids.strong, named: ids.named, tied: ties.project.get('chat_messages') };
  files.push(
    ...(await eraseChatAttachments(trx, mentions)),
    ...(await eraseChatAttachmentsByText(trx, config, mentions)),
    ...(await eraseFromImportReports(trx, config, emails, written)),
    ...(await clearFailedUploads(trx)),
  );
  for (const col of await textColumns(trx))
    for (const [pattern, scope] of rewrites(ids, ties, col))
      count(report.scrubbed, col.table, await rewrite(trx, col, pattern, scope));
  count(report.scrubbed, 'integration_runs', await eraseRunEntries(trx, ids.names, projectIds, ERASED));

  if (emails.length)
    await trx('erased_emails')
      .insert(
        [...new Set(emails.flatMap((email) => erasedHashesOf(config, email)))].map((hash) => ({ email_hash: hash })),
      )
      .onConflict('email_hash')
      .ignore();
  report.files = files.length;
  return { report, files };
}

/** Keys per delete_erased_files job (the payload's limit is 10,000). */
const KEYS_PER_JOB = 1000;

/**
 * Queues the deletion of the erased person's stored files in the erasure's transaction `trx`: the
 * jobs exist exactly when the erasure commits, whatever happens to the process after it.
 */
export async function queueFileDeletion(trx: Knex.Transaction, keys: string[]): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  for (let i = 0; i < unique.length; i += KEYS_PER_JOB)
    await queueJob(trx, 'delete_erased_files', { keys: unique.slice(i, i + KEYS_PER_JOB) });
}

/**
 * Deletes stored files (local disk or S3), a missing one counting as deleted; every key is tried,
 * then it throws if any could not be deleted, so the job is retried (deleting again is harmless).
 */
export async function deleteErasedFiles(config: Config, keys: string[]): Promise<void> {
  const storage = storageFor(config);
  const failed: string[] = [];
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      failed.push(`${key}: ${(err as Error).message}`);
    }
  }
  if (failed.length)
    throw new Error(`${failed.length} of ${keys.length} erased files not deleted: ${failed.join('; ')}`);
}

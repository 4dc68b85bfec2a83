/**
 * What an erasure (erase.ts) rewrites, and where. What the person typed falls in three kinds:
 * - contact identifiers, nobody else's: the full email address, the phone number, profile addresses
 *   with a path (linkedin.com/in/<handle>), the HK identity number and the guid;
 * - the full name (first and last, both orders) as a phrase, which a namesake shares;
 * - weak ones, which may be common words: a profile's handle or bare domain (https://github.com),
 *   the passport number, the address, and a first or last name alone. The email's local part is
 *   none: it is often an everyday word (candidate@…, hello@…), and the full address is a contact one.
 * Where each is rewritten, by the rows' ties (`scopesOf`):
 * - rows tied to the person themselves (their kept history by candidate_id, their search document,
 *   notifications about their pipeline rows, the WhatsApp messages of their requests, mail to them):
 *   everything, weak ones included (a lone name only in the mention columns, erase.ts);
 * - rows tied to their projects (the projects' conversations, notifications and mail about them):
 *   contact identifiers and the full name, as a lookup phrase too ("Software Engineer");
 * - rows of another candidate (their candidate row, search document, notes, pipeline rows, every row
 *   with their candidate_id): contact identifiers only: a namesake's name, and other people's words
 *   about them, are theirs;
 * - every other row: contact identifiers and the full name unless it is a phrase of the lookups
 *   ("Software Engineer", "Hong Kong").
 * The lookups (skills, job titles, locations, ..., tags) are never rewritten: they are everyone's
 * words, and two names rewritten alike would break their unique index and the erasure with it.
 * A person may have had other profiles, merged into this one: the merge journals keep them whole
 * (`formerProfiles`), and their identifiers are the person's too. So are the emails and phones they
 * replaced (candidate_former_identifiers, written by the candidate write path: `formerIdentifiers`).
 */
import type { Knex } from 'knex';
import { entities } from '../../../schema';
import { FORMER_IDENTIFIER_KIND } from '../../../schema/entities/internal/candidateFormerIdentifier';
import { accountCondition, ACCOUNT_TABLES } from '../../auth/accounts';

/** Shared vocabularies: the console's lookups (countries, cities, job titles, skills, ...) and tags. */
const LOOKUPS = entities.filter((e) => e.admin?.group === 'lookups' || e.table === 'tags');
export const LOOKUP_TABLES = new Set(LOOKUPS.map((e) => e.table));

/**
 * The ways HTML writes a character that it escapes (services/mail/templates.ts writes `&#39;`, others `&#x27;` or
 * `&apos;`): a name like O'Brien is stored as O&#39;Brien in a mail's HTML part, and matched there too.
 */
const HTML_FORMS: Record<string, string> = {
  '&': '(?:&|&amp;|&#38;|&#x26;)',
  '<': '(?:<|&lt;|&#60;|&#x3c;)',
  '>': '(?:>|&gt;|&#62;|&#x3e;)',
  '"': '(?:"|&quot;|&#34;|&#x22;)',
  "'": "(?:'|&#39;|&#x27;|&apos;)",
};

/**
 * A regular expression (PostgreSQL ARE) matching any of the strings as whole words, case-insensitive, a character HTML
 * escapes matched in its escaped forms too (`HTML_FORMS`).
 */
export function wordsPattern(strings: string[]): string | undefined {
  const escaped = [...new Set(strings.map((s) => s.trim()).filter((s) => s.length >= 3))]
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[&<>"']/g, (c) => HTML_FORMS[c]));
  return escaped.length ? `\\m(${escaped.join('|')})\\M` : undefined;
}

/**
 * Columns whose text may be folded: a mail's calendar invitation (attachments) has its lines folded at 75 octets
 * (RFC 5545: CRLF, then a space or a tab), which may split a name or an address; kept as JSON, the fold is written
 * escaped (`\r\n\t`). They are matched, and rewritten, unfolded (`matchedText`). The mail's text and HTML parts are
 * taken alike.
 */
const FOLDED_COLUMNS = new Set(['outbox_emails.text', 'outbox_emails.html', 'outbox_emails.attachments']);
const FOLD = String.raw`\r\n[ \t]|\\r\\n(\\t| )`;

/** SQL: the text of column `column` of `table` as the erasure matches it, unfolded in `FOLDED_COLUMNS`. */
export function matchedText(table: string, column: string): string {
  const text = `"${column.replace(/"/g, '""')}"::text`;
  return FOLDED_COLUMNS.has(`${table}.${column}`) ? `regexp_replace(${text}, '${FOLD}', '', 'g')` : text;
}

/** What the person typed that identifies them, contact (`strong`) and weak (see above); `names` is the full name both ways. */
function identifyingStrings(c: Record<string, unknown>) {
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const strong: string[] = [];
  const weak: string[] = [];
  // The whole address only: its local part may be anyone's word.
  const email = s(c.email);
  if (email) strong.push(email);
  const first = s(c.first_name);
  const last = s(c.last_name);
  const names = first && last ? [`${first} ${last}`, `${last} ${first}`] : [];
  const phone = s(c.phone);
  if (phone) {
    const digits = phone.replace(/\D/g, '');
    (digits.length >= 7 ? strong : weak).push(phone, digits);
    if (digits.length > 8) strong.push(digits.slice(-8));
  }
  for (const key of ['linked_in_url', 'github_url', 'stackoverflow_url', 'dribbble_url', 'portfolio_url']) {
    const url = s(c[key]);
    if (!url) continue;
    const bare = url.replace(/^https?:\/\//, '').replace(/^www\./, '');
    // The handle: the last part of the path (linkedin.com/in/<handle>), or the site's own name (<handle>.example.org).
    const parts = bare.split(/[/?#]/).filter(Boolean);
    // An address with a path is the person's profile; a bare domain may be everyone's site (https://github.com).
    (parts.length > 1 ? strong : weak).push(url, bare);
    const handle = parts.length > 1 ? parts[parts.length - 1] : parts[0]?.split('.')[0];
    if (handle && handle.length >= 6) weak.push(handle);
  }
  for (const [key, kind] of [
    ['hk_id', strong],
    ['guid', strong],
    ['hk_passport', weak],
    ['hk_address', weak],
  ] as const) {
    const v = s(c[key]);
    if (v) kind.push(v);
  }
  return { strong, weak, names };
}

/** Whether any of the phrases is, as whole words, part of a lookup's name or alias (a name like "Software Engineer"). */
async function inLookups(trx: Knex.Transaction, phrases: string[]): Promise<boolean> {
  const pattern = wordsPattern(phrases);
  if (!pattern) return false;
  const named = LOOKUPS.filter((e) => e.fields.name);
  const parts = named.map(
    (e) =>
      `select 1 from "${e.table}" where name ~* ?` +
      (e.fields.aliases ? ` or exists (select 1 from unnest(aliases) a where a ~* ?)` : ''),
  );
  if (!parts.length) return false;
  const bindings = named.flatMap((e) => (e.fields.aliases ? [pattern, pattern] : [pattern]));
  const { rows } = await trx.raw<{ rows: unknown[] }>(
    `select exists (${parts.join(' union all ')}) as found`,
    bindings,
  );
  return Boolean((rows[0] as { found: boolean } | undefined)?.found);
}

/** The person's identifiers as word patterns (eraseScope's kinds above), for the rows of each tie. */
export interface Identifiers {
  /** Contact identifiers: every row. */
  contact?: string;
  /** Contact identifiers and the full name unless a lookup phrase: rows tied to nobody in particular. */
  strong?: string;
  /** Contact identifiers and the full name, a lookup phrase too: rows tied to their projects. */
  named?: string;
  /** Every identifier, weak ones included, the longest first: rows tied to the person. */
  broad?: string;
  /** A first or last name alone: the mention columns of rows tied to the person. */
  lone?: string;
  /** Each full name both ways, lower-cased. */
  names: string[];
}

/** The word patterns of the person, from each of their profiles (the candidate's row first, then `formerProfiles`). */
export async function identifiersOf(trx: Knex.Transaction, profiles: Record<string, unknown>[]): Promise<Identifiers> {
  const contact: string[] = [];
  const weak: string[] = [];
  const common: string[] = [];
  const names: string[] = [];
  for (const p of profiles) {
    const found = identifyingStrings(p);
    contact.push(...found.strong);
    weak.push(...found.weak);
    // Each profile's name on its own: one that is a lookup phrase does not make the others common.
    if (found.names.length && (await inLookups(trx, found.names))) common.push(...found.names);
    names.push(...found.names);
  }
  const lone = profiles.flatMap((p) => [String(p.first_name ?? ''), String(p.last_name ?? '')]);
  return {
    contact: wordsPattern(contact),
    strong: wordsPattern([...contact, ...names.filter((n) => !common.includes(n))]),
    named: wordsPattern([...contact, ...names]),
    broad: wordsPattern([...contact, ...names, ...weak]),
    lone: wordsPattern(lone),
    names: [...new Set(names.map((n) => n.toLowerCase()))],
  };
}

const emailOf = (p: Record<string, unknown>) => (typeof p.email === 'string' ? p.email.trim().toLowerCase() : '');
const digitsOf = (p: Record<string, unknown>) => (typeof p.phone === 'string' ? p.phone.replace(/\D/g, '') : '');

/** The people tables with a phone number (community users have none). */
const PHONE_TABLES = new Set([ACCOUNT_TABLES.candidate, ACCOUNT_TABLES.companyUser, ACCOUNT_TABLES.admin]);

/**
 * Of `emails` (lower-cased) and `phones` (digits), those another account holds now: another candidate, or a company
 * user, an admin or a community user, who may take an address a candidate gave up (auth/accounts.ts emailTaken). Such
 * an identifier is that account's: its mail, its sign-in and its mentions are not the candidate's. `candidateEmails`
 * are the emails another candidate holds.
 */
async function heldByOthers(
  trx: Knex.Transaction,
  candidateId: number,
  emails: string[],
  phones: string[],
): Promise<{ candidateEmails: Set<string>; emails: Set<string>; phones: Set<string> }> {
  const digits = "regexp_replace(phone, '[^0-9]', '', 'g')";
  const parts: string[] = [];
  const bindings: Knex.Value[] = [];
  for (const table of Object.values(ACCOUNT_TABLES)) {
    const others = `${table === ACCOUNT_TABLES.candidate ? 'id <> ?' : 'true'}${accountCondition(table)}`;
    const own = table === ACCOUNT_TABLES.candidate ? [candidateId] : [];
    const kind = table === ACCOUNT_TABLES.candidate ? 'candidateEmail' : 'email';
    parts.push(
      `select '${kind}' as kind, lower(email) as value from ${table} where ${others} and lower(email) = any(?::text[])`,
    );
    bindings.push(...own, emails);
    if (!PHONE_TABLES.has(table)) continue;
    parts.push(`select 'phone', ${digits} from ${table} where ${others} and ${digits} = any(?::text[])`);
    bindings.push(...own, phones);
  }
  const { rows } = await trx.raw<{ rows: { kind: string; value: string }[] }>(parts.join(' union '), bindings);
  const of = (...kinds: string[]) => new Set(rows.filter((r) => kinds.includes(r.kind)).map((r) => r.value));
  return { candidateEmails: of('candidateEmail'), emails: of('candidateEmail', 'email'), phones: of('phone') };
}

/**
 * The person's other profiles, as the journals of the merges into this candidate (candidate_merges,
 * merge.ts) keep them: each profile merged in, and this one as it was before each merge (it may then
 * have taken the merged profile's email, its own kept only there). Chains are followed (the merges
 * into a profile later merged here; a merge moves them to the survivor, but older ones may not have
 * been). An undone merge is left out: its merged profile is a live one again, and this one was put
 * back as it was. So is a profile whose email is now another candidate's: that is someone's current
 * profile, not this erasure's to take. An email or phone another account (a company user, an admin, a
 * community user, or a candidate's phone) holds now is left out of its profile (`heldByOthers`).
 * Read before the erasure deletes the journals.
 */
export async function formerProfiles(trx: Knex.Transaction, candidateId: number): Promise<Record<string, unknown>[]> {
  const { rows } = await trx.raw<{ rows: { merged: unknown; before: unknown }[] }>(
    `with recursive chain(id) as (
       select ?::int
       union
       select m.merged_id from candidate_merges m join chain on m.survivor_id = chain.id where m.undone_at is null)
     select m.journal->'merged' as merged, m.journal->'survivorBefore' as before
       from candidate_merges m join chain on m.survivor_id = chain.id
      where m.undone_at is null
      order by m.id`,
    [candidateId],
  );
  const profiles = rows
    .flatMap((r) => [r.merged, r.before])
    .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object' && !Array.isArray(p));
  const emails = [...new Set(profiles.map(emailOf).filter(Boolean))];
  if (!profiles.length) return profiles;
  const held = await heldByOthers(trx, candidateId, emails, [...new Set(profiles.map(digitsOf).filter(Boolean))]);
  return profiles
    .filter((p) => !held.candidateEmails.has(emailOf(p)))
    .map((p) => ({
      ...p,
      ...(held.emails.has(emailOf(p)) ? { email: null } : {}),
      ...(held.phones.has(digitsOf(p)) ? { phone: null } : {}),
    }));
}

/**
 * The emails and phones the candidate replaced (their own change, an edit, an import), each as a
 * profile holding only it, so they are erased as the current ones are. One now another account's
 * (an address or a number another candidate, a company user, an admin or a community user took
 * since: `heldByOthers`) is that person's, and left out. Read before the erasure deletes these rows
 * with every other row referencing the candidate.
 */
export async function formerIdentifiers(
  trx: Knex.Transaction,
  candidateId: number,
): Promise<Record<string, unknown>[]> {
  const rows = (await trx('candidate_former_identifiers')
    .where('candidate_id', candidateId)
    .distinct('kind', 'value')) as { kind: number; value: string }[];
  const profiles = rows.map((r) => (r.kind === FORMER_IDENTIFIER_KIND.email ? { email: r.value } : { phone: r.value }));
  const held = await heldByOthers(
    trx,
    candidateId,
    [...new Set(profiles.map(emailOf).filter(Boolean))],
    [...new Set(profiles.map(digitsOf).filter(Boolean))],
  );
  return profiles.filter((p) => !(p.email ? held.emails.has(emailOf(p)) : held.phones.has(digitsOf(p))));
}

/** A condition on one table's rows (SQL with its bindings). */
export type Scope = [string, Knex.Value[]];

/** The rows of each tie, by table (see above): the person's own, their projects', and other candidates'. */
export interface Scopes {
  own: Map<string, Scope>;
  project: Map<string, Scope>;
  others: Map<string, Scope>;
}

const quoted = (column: string) => `"${column.replace(/"/g, '""')}"`;

/**
 * The rows by tie: the person's own (rows of tables that reference them, the history an erasure
 * keeps; their search document; notifications about their pipeline rows; the WhatsApp messages of
 * their interview and qualify requests; the mail to them, at any of `emails`, lower-cased), their
 * projects' (the messages and notifications of the projects' conversations, and the mail linking to
 * those projects and conversations), and other candidates' (a row referencing another candidate).
 * Chat messages carry no mention of a candidate: a message is its conversation's, not a person's.
 */
export async function scopesOf(
  trx: Knex.Transaction,
  refs: { table: string; column: string }[],
  candidateId: number,
  projectIds: number[],
  emails: string[],
): Promise<Scopes> {
  const scopes: Scopes = { own: new Map(), project: new Map(), others: new Map() };
  const add = (tie: keyof Scopes, table: string, sql: string, bindings: Knex.Value[]) => {
    const had = scopes[tie].get(table);
    scopes[tie].set(table, had ? [`${had[0]} or ${sql}`, [...had[1], ...bindings]] : [`(${sql})`, bindings]);
  };
  for (const ref of refs) {
    add('own', ref.table, `${quoted(ref.column)} = ?`, [candidateId]);
    add('others', ref.table, `(${quoted(ref.column)} is not null and ${quoted(ref.column)} <> ?)`, [candidateId]);
  }
  add('own', 'candidate_search_documents', 'id = ?', [candidateId]);
  add('others', 'candidate_search_documents', 'id <> ?', [candidateId]);
  const conversations = (await trx('conversations').whereIn('project_id', projectIds).pluck('id')) as number[];
  add('project', 'chat_messages', 'conversation_id = any(?)', [conversations]);
  // A thread's subject: projectCandidate:<project>:<candidate>, or conversation:<id>.
  add('own', 'notifications', 'subject_key ~ ?', [`^projectCandidate:[0-9]+:${candidateId}$`]);
  add('project', 'notifications', 'subject_key = any(?)', [conversations.map((id) => `conversation:${id}`)]);
  add(
    'own',
    'whatsapp_messages',
    '(interview_request_id in (select id from interview_requests where candidate_id = ?) or qualify_request_id in (select id from qualify_requests where candidate_id = ?))',
    [candidateId, candidateId],
  );
  // Mail about their projects links to the project's page or its conversation (notifications' and the chat's emails).
  const links = [...projectIds.map((id) => `project/${id}`), ...conversations.map((id) => `admin/support-chat/${id}`)];
  add('own', 'outbox_emails', 'lower("to") = any(?::text[])', [emails]);
  if (links.length)
    add('project', 'outbox_emails', '(text ~ ? or html ~ ?)', Array(2).fill(`/(${links.join('|')})\\M`));
  return scopes;
}

/**
 * The person's name in the sync logs of the companies whose projects they were in: each entry
 * names one candidate, so only theirs is renamed (the project titles beside it stay).
 */
export async function eraseRunEntries(
  trx: Knex.Transaction,
  names: string[],
  projectIds: number[],
  erased: string,
): Promise<number> {
  if (!names.length || !projectIds.length) return 0;
  const { rowCount } = await trx.raw(
    `update integration_runs r set entries = (
       select jsonb_agg(case when lower(e->>'candidate') = any(?) then jsonb_set(e, '{candidate}', to_jsonb(?::text)) else e end order by o)
         from jsonb_array_elements(r.entries) with ordinality x(e, o))
      where r.integration_id in (select i.id from integrations i join projects p on p.company_id = i.company_id where p.id = any(?))
        and jsonb_typeof(r.entries) = 'array'
        and exists (select 1 from jsonb_array_elements(r.entries) e where lower(e->>'candidate') = any(?))`,
    [names, erased, projectIds, names],
  );
  return rowCount as number;
}

/**
 * A company's comment on its rejection of the person ({reason, comment} on the pipeline row and in the move's stage
 * log): the comment becomes null, the reason (what the counts read) stays.
 */
export async function clearRejectionComments(trx: Knex.Transaction, candidateId: number): Promise<void> {
  await trx.raw(
    `update project_candidates set reject_data = jsonb_set(reject_data, '{comment}', 'null'::jsonb)
      where candidate_id = ? and jsonb_typeof(reject_data) = 'object' and reject_data->'comment' is not null`,
    [candidateId],
  );
  await trx.raw(
    `update candidate_recruitment_stage_logs set data = jsonb_set(data, '{rejectFormData,comment}', 'null'::jsonb)
      where candidate_id = ? and jsonb_typeof(data->'rejectFormData') = 'object'
        and data->'rejectFormData'->'comment' is not null`,
    [candidateId],
  );
}

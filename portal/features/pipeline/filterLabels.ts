/**
 * Names of the lookup ids a filter address holds, for the project page's chips after a reload (its tab search answers
 * no facets to name them, as /search's answer does): each lookup's list read by id, as the project form names the job
 * titles of a search. Keys are `<filter>:<id>` as the address writes the id.
 */
import { apiList } from '../../../ui/api/client';
import type { MultiKey } from '../search/searchUrl';

const RESOURCES: Partial<Record<MultiKey, string>> = {
  jt: 'job-titles',
  s: 'skills',
  l: 'cities',
  cl: 'cities',
  lang: 'languages',
  i: 'industries',
  bd: 'tags',
  ad: 'admins',
};

/** 'Tag:5' and '5' name the same row. */
const bare = (id: string | number) => String(id).replace(/^\D+:/, '');

/** Whether a filter's ids are named by a lookup (the fixed lists are named by the catalogue). */
export const namedByLookup = (key: MultiKey) => RESOURCES[key] !== undefined;

export async function filterLabels(wanted: [MultiKey, string[]][]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  await Promise.all(
    wanted.map(async ([key, ids]) => {
      const resource = RESOURCES[key];
      if (!resource || !ids.length) return;
      const { data } = await apiList<{ id: string | number; name?: string | null; email?: string }>(resource, {
        range: [0, ids.length - 1],
        filter: { id: ids },
      });
      const names = new Map(data.map((row) => [bare(row.id), row.name || row.email || '']));
      for (const id of ids) {
        const name = names.get(bare(id));
        if (name) found.set(`${key}:${id}`, name);
      }
    }),
  );
  return found;
}

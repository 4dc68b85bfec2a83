/**
 * Names for the ids search answers with: lookups from the name matcher's cached indexes, tags read
 * through the caller's permissions (companies see active tags only), employment types and notice
 * periods from the schema and the catalogue. Options carry the `{id, label, src}` shape of the
 * autocompletes, ids formatted as the API shows them.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import { formatId } from '../../../schema/lib/ids';
import { scopeQuery } from '../../permissions/sql';
import { cachedIndex } from '../../services/lookups/load';
import type { NameIndex } from '../../services/lookups/match';
import type { DimensionKey } from './params';

export interface Option {
  id: string | number;
  label: string;
  src: string | null;
}

type Kind = 'jobTitle' | 'skill' | 'city' | 'language' | 'industry' | 'tag' | 'employmentType' | 'notice';

export const KIND_OF: Record<DimensionKey, Kind> = {
  jt: 'jobTitle',
  s: 'skill',
  l: 'city',
  cl: 'city',
  lang: 'language',
  i: 'industry',
  te: 'employmentType',
  bd: 'tag',
  np: 'notice',
};

export interface Labels {
  /** The option of an id, or undefined when the caller may not see it (an inactive tag for a company). */
  of(kind: Kind, id: number): Option | undefined;
}

const employmentTypes = new Map(
  (entity('candidate').fields.typeOfEmployment.choices ?? []).map((c) => [c.id, c.label]),
);

export async function labelsFor(knex: Knex, ability: AppAbility): Promise<Labels> {
  const [jobTitles, skills, cities, languages, industries] = (await Promise.all(
    (['jobTitles', 'skills', 'locations', 'languages', 'industries'] as const).map((k) => cachedIndex(knex, k)),
  )) as NameIndex[];
  const tagDef = entity('tag');
  const tagQuery = knex('tags').select('id', 'name', 'icon');
  scopeQuery(tagQuery, ability, 'read', tagDef.subject, 'tags');
  const tags = new Map(((await tagQuery) as { id: number; name: string; icon: string }[]).map((r) => [r.id, r]));
  const fromIndex = (index: NameIndex, entityName: string, id: number): Option | undefined => {
    const row = index.byId(id);
    return row
      ? { id: formatId(entity(entityName), id) as string | number, label: row.name, src: row.src ?? null }
      : undefined;
  };
  return {
    of(kind, id) {
      switch (kind) {
        case 'jobTitle':
          return fromIndex(jobTitles, 'jobTitle', id);
        case 'skill':
          return fromIndex(skills, 'skill', id);
        case 'city':
          return fromIndex(cities, 'city', id);
        case 'language':
          return fromIndex(languages, 'language', id);
        case 'industry':
          return fromIndex(industries, 'industry', id);
        case 'tag': {
          const tag = tags.get(id);
          return tag ? { id: formatId(tagDef, id) as string, label: tag.name, src: tag.icon } : undefined;
        }
        case 'employmentType':
          return employmentTypes.has(id) ? { id, label: employmentTypes.get(id) as string, src: null } : undefined;
        case 'notice':
          return { id, label: t(`search.noticePeriods.${id}`), src: null };
      }
    },
  };
}

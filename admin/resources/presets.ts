/** Named list views (`admin.list.presets`, e.g. pending companies = { status: 0 }) as labels, links and matches. */
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { pluralLabel, titleCase } from '../fields/fieldMeta';

export type Filter = Record<string, unknown>;

export const presetsOf = (entity: EntityDef): [string, Filter][] => Object.entries(entity.admin?.list?.presets ?? {});

/**
 * 'Pending companies': the catalogue's wording for this resource's preset, else for the preset
 * name in general, else the name in words.
 */
export function presetLabel(entity: EntityDef, key: string): string {
  const label = pluralLabel(entity).toLowerCase();
  for (const messageKey of [`admin.presets.${entity.resource}.${key}`, `admin.presets.${key}`]) {
    const text = t(messageKey, { label });
    if (text !== messageKey) return text;
  }
  const words = titleCase(key);
  return `${words.charAt(0)}${words.slice(1).toLowerCase()} ${label}`;
}

const canonical = (filter: Filter) =>
  JSON.stringify(
    Object.keys(filter)
      .sort()
      .map((k) => [k, filter[k]]),
  );

/** The preset whose filter is exactly `filter`, if any. */
export function presetMatching(entity: EntityDef, filter: Filter | undefined): string | undefined {
  if (!filter) return undefined;
  const wanted = canonical(filter);
  return presetsOf(entity).find(([, preset]) => canonical(preset) === wanted)?.[0];
}

/** Query string opening a list with exactly this filter (an explicit `{}` overrides filters react-admin remembered). */
export const filterSearch = (filter: Filter) =>
  `?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

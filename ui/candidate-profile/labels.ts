/** Words of the profile: field labels and option labels from the catalogue, falling back to the schema's. */
import type { FieldDef } from '../../schema/lib/types';
import { t } from '../../i18n';
import { candidate, CHILD_LISTS } from './profileFields';

function known(key: string): string | undefined {
  const text = t(key);
  return text === key ? undefined : text;
}

function defOf(path: string): FieldDef | undefined {
  const [head, ...rest] = path.split('.');
  const list = CHILD_LISTS[head as keyof typeof CHILD_LISTS];
  if (list) return list.fields[rest[0]];
  let def: FieldDef | undefined = candidate.fields[head];
  for (const part of rest) def = def?.fields?.[part];
  return def;
}

/** 'experiences.title' → 'Job title'; the candidate's own fields carry their catalogue label (entities.candidate). */
export const labelOf = (path: string): string =>
  known(`talent.fields.${path}`) ?? known(`talent.fields.${path}.label`) ?? defOf(path)?.label ?? path;

/** The choices of an enum field, e.g. choicesOf('noticePeriod.type'). */
export function choicesOf(path: string): { id: number; label: string }[] {
  const field = path.replace(/\./g, '_');
  return (defOf(path)?.choices ?? []).map((c) => ({
    id: c.id,
    label: known(`talent.enums.${field}.${c.key}`) ?? c.label,
  }));
}

/** The label of one value of an enum field. */
export const choiceLabel = (path: string, id: unknown): string | undefined =>
  choicesOf(path).find((c) => c.id === id)?.label;

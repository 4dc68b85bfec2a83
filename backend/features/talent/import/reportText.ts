/**
 * The words of an import's rejection report, read by the admin who fixes the file: each refused
 * field by the label the talent form gives it ("Experience 1, end date"), with the message the form
 * shows ("The end is before the start"), never a message key.
 */
import { hasText, t } from '../../../../i18n';
import { entity } from '../../../../schema';

const candidate = entity('candidate');
const R = 'imports.report';

const isIndex = (part: string | undefined): part is string => part !== undefined && /^\d+$/.test(part);

/** "expectedSalaryCurrency" → "Expected salary currency": a name the catalogue has no label for, in words. */
function inWords(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelOf(entityName: string, field: string): string {
  const key = `entities.${entityName}.fields.${field}`;
  if (hasText(key)) return t(key);
  return hasText(`${R}.fields.${field}`) ? t(`${R}.fields.${field}`) : inWords(field);
}

/** A field's label from its path in the record: `email`, `experiences.0.endDate`, `row`. */
export function fieldLabel(path: string): string {
  const [head, second, third] = path.split('.');
  const child = candidate.children?.[head];
  if (!child) return labelOf('candidate', head);
  const item = `${labelOf('candidate', head)}${isIndex(second) ? ` ${Number(second) + 1}` : ''}`;
  const rest = isIndex(second) ? third : second;
  return rest ? `${item}, ${labelOf(child.entity, rest).toLowerCase()}` : item;
}

/** One refusal in words: the field's label, the form's message, and what the import found (a name it could not match). */
export const reasonText = (field: string, key: string, detail?: string): string =>
  `${fieldLabel(field)}: ${t(key)}${detail ? `: ${detail}` : ''}`;

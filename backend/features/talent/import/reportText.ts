/**
 * The words of an import's rejection report, read by the admin who fixes the file: each refused
 * field by the label the talent form gives it ("Experience 1, end date"), with the message the form
 * shows ("The end is before the start"), never a message key; and the rows imported that look like
 * a profile already held, with the twin's id, reasons and console address.
 */
import { hasText, t } from '../../../../i18n';
import { entity } from '../../../../schema';
import { formatId } from '../../../../schema/lib/ids';

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

/**
 * An imported row with likely twins, as the report tells it: "Imported: likely duplicate of
 * Ana Lim (Candidate:12) on row 4 (Same phone, 92%) <the candidate's console address>", one per twin;
 * `names` holds the twins' names (an admin reads the report), the id alone where there is none.
 */
export function duplicateText(
  twins: { otherId: number; otherRow: number | null; reasons: string[]; confidence: number }[],
  publicUrl: string,
  names: ReadonlyMap<number, string> = new Map(),
): string {
  const said = twins.map((tw) => {
    const id = formatId(candidate, tw.otherId) as string;
    const name = names.get(tw.otherId);
    const who = name ? `${name} (${id})` : id;
    return t(`${R}.likelyDuplicate`, {
      candidate: tw.otherRow === null ? who : t(`${R}.onRow`, { candidate: who, row: tw.otherRow }),
      reasons: tw.reasons.map((r) => t(`duplicates.reasons.${r}`)).join(', '),
      confidence: tw.confidence,
      link: `${publicUrl}/admin/talent/${encodeURIComponent(id)}`,
    });
  });
  return `${t(`${R}.imported`)}: ${said.join('; ')}`;
}

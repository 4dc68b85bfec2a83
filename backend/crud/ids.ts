/** The API shows ids with the entity's prefix ('Company:12'); the database keeps plain integers. */
import { entity as entityNamed } from '../../schema';
import { formatId, parseId } from '../../schema/lib/ids';

export { formatId, parseId };

export function parseRefId(targetEntity: string, raw: unknown): number | undefined {
  return parseId(entityNamed(targetEntity), raw);
}

export function formatRefId(targetEntity: string, id: number | null | undefined) {
  return formatId(entityNamed(targetEntity), id);
}

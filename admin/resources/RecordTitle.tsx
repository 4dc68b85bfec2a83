import { useGetManyAggregate, useRecordContext, type RaRecord } from 'react-admin';
import { entity as entityNamed, type EntityDef } from '../../schema';
import { recordLabel, targetOf } from '../fields/fieldMeta';
import { idNumber, recordText } from '../fields/readable';
import { useDocumentTitle } from '../layout/useDocumentTitle';

/**
 * A record's name in words: its title field as a person reads it (a choice's label, a day as the
 * product writes it), the name of the record a reference points at ('Credit: Acme'), and
 * 'Credit movement #5' only where nothing better names it.
 */
export function useRecordName(entity: EntityDef, record: RaRecord | undefined): string | undefined {
  const name = entity.admin?.titleField;
  const field = name ? entity.fields[name] : undefined;
  const target = field?.kind === 'ref' ? targetOf(field) : undefined;
  const refId = target && name ? record?.[name] : undefined;
  // Batched with the other lookups of the same screen, as reference fields are.
  const { data } = useGetManyAggregate(target?.resource ?? '', { ids: refId ? [refId] : [] }, { enabled: !!refId });
  if (!record) return undefined;
  if (target && field?.ref && refId) {
    const referenced = data?.[0];
    return referenced ? recordText(entityNamed(field.ref), referenced) : undefined;
  }
  if (target) return `#${idNumber(record.id)}`;
  return recordText(entity, record);
}

/** 'Company: Acme' on edit and show pages, and in the browser tab. */
export function RecordTitle({ entity }: { entity: EntityDef }) {
  const record = useRecordContext();
  const name = useRecordName(entity, record);
  const title = name ? `${recordLabel(entity)}${name.startsWith('#') ? ' ' : ': '}${name}` : recordLabel(entity);
  useDocumentTitle(title);
  return <>{title}</>;
}

/** A record's name for a list line (a phone's one-line list). */
export function RecordName({ entity, record }: { entity: EntityDef; record: RaRecord }) {
  return <>{useRecordName(entity, record) ?? `#${idNumber(record.id)}`}</>;
}

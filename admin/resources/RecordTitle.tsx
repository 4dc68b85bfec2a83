import { useRecordContext } from 'react-admin';
import type { EntityDef } from '../../schema';
import { recordLabel } from '../fields/fieldMeta';
import { useDocumentTitle } from '../layout/useDocumentTitle';

/** 'Company: Acme' on edit and show pages, and in the browser tab. */
export function RecordTitle({ entity }: { entity: EntityDef }) {
  const record = useRecordContext();
  const name = record?.[entity.admin?.titleField ?? 'id'];
  const title = name ? `${recordLabel(entity)}: ${String(name)}` : recordLabel(entity);
  useDocumentTitle(title);
  return <>{title}</>;
}

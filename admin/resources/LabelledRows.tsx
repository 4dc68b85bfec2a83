/**
 * List rows whose selection checkbox is named after the record ("Select Jose Iyer"). react-admin's row puts a
 * generic "Select this row" on the checkbox's wrapping span, where ARIA does not allow a label, and leaves the
 * input itself unnamed; each row moves the label onto the input, with the record's own name.
 */
import { useLayoutEffect, useRef } from 'react';
import { DataTableBody, DataTableRow, useGetRecordRepresentation, useRecordContext, useResourceContext, type DataTableBodyProps } from 'react-admin';
import { t } from '../../i18n';

function LabelledRow(props: object) {
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  const shown = record ? represent(record) : undefined;
  const name = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : String(record?.id ?? '');
  const row = useRef<HTMLTableRowElement>(null);
  // After every render: the checkbox re-renders with its own attributes when the selection changes.
  useLayoutEffect(() => {
    const box = row.current?.querySelector('.select-item');
    const input = box?.querySelector('input');
    if (!box || !input) return;
    box.removeAttribute('aria-label');
    input.setAttribute('aria-label', t('admin.selectRow', { name }));
  });
  return <DataTableRow {...props} ref={row} />;
}

export function LabelledBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={LabelledRow} />;
}

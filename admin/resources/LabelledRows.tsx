/**
 * List rows whose selection checkbox is named after the record ("Select Jose Iyer"). react-admin's row puts a
 * generic "Select this row" on the checkbox's wrapping span, where ARIA does not allow a label, and leaves the
 * input itself unnamed; each row moves the label onto the input, with the record's own name.
 */
import { useLayoutEffect, useRef } from 'react';
import {
  DataTableBody,
  DataTableRow,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  type DataTableBodyProps,
} from 'react-admin';
import { t } from '../../i18n';

function LabelledRow(props: object) {
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  const shown = record ? represent(record) : undefined;
  const name = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : String(record?.id ?? '');
  const row = useRef<HTMLTableRowElement>(null);
  // The checkbox can render after the row (bulk actions appear once the permissions are known) and re-renders
  // with its own attributes when the selection changes: the label is applied now and whenever the row's content changes.
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const label = t('admin.selectRow', { name });
    const apply = () => {
      const box = element.querySelector('.select-item');
      const input = box?.querySelector('input');
      if (!box || !input) return;
      // Only real changes are written, so the observer below does not wake itself.
      if (box.hasAttribute('aria-label')) box.removeAttribute('aria-label');
      if (input.getAttribute('aria-label') !== label) input.setAttribute('aria-label', label);
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [name]);
  return <DataTableRow {...props} ref={row} />;
}

export function LabelledBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={LabelledRow} />;
}

/**
 * A show or edit screen opened by an id the server answers as another record (admin/providers/movedRecord.ts): a merged
 * profile's old link, notification or bookmark. The screen opens the record's own address in the same view (show stays
 * show, edit stays edit) in place of the old one, so Back does not lead to it again, and a merge is told ("This
 * profile was merged into ..."). Done from the record query's onError, after render: react-admin refuses the record
 * under the route's id (its controller throws while rendering), and react-router drops a navigation made during render.
 */
import {
  useGetRecordRepresentation,
  useLocation,
  useNavigate,
  useNotify,
  useResourceContext,
  type Identifier,
} from 'react-admin';
import { t } from '../../i18n';
import { isAnotherRecord, movedOf } from '../providers/movedRecord';

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** `pathname` with its segment naming `from` (encoded or not) naming `to` instead. */
export function withIdReplaced(pathname: string, from: Identifier, to: Identifier): string {
  const parts = pathname.split('/');
  const at = parts.findLastIndex((part) => decoded(part) === String(from));
  if (at < 0) return pathname;
  parts[at] = encodeURIComponent(String(to));
  return parts.join('/');
}

/** Handles a moved record's error, answering true; any other error is left to the caller. */
export function useFollowMovedRecord(): (error: unknown) => boolean {
  const resource = useResourceContext() ?? '';
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const notify = useNotify();
  const representation = useGetRecordRepresentation(resource);
  return (error) => {
    const moved = movedOf(error);
    if (!moved) return false;
    const { requested, record } = moved;
    navigate({ pathname: withIdReplaced(pathname, requested, record.id), search }, { replace: true });
    if (isAnotherRecord(moved)) {
      const name = representation(record);
      notify(t('duplicates.oldLink.mergedInto', { name: typeof name === 'string' ? name : String(record.id) }), {
        type: 'info',
      });
    }
    return true;
  };
}

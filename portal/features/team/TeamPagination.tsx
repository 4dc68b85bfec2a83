/** The page controls under a team list; the page and page size live in the URL (useTeamQuery). */
import { TablePagination } from '@mui/material';
import { pagerLabels } from '../../components/pagerLabels';
import { PER_PAGE_OPTIONS, type TeamQuery } from './teamQuery';

export function TeamPagination({
  total,
  query,
  update,
}: {
  total: number;
  query: TeamQuery;
  update: (changes: Partial<TeamQuery>) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, query.page - 1)}
      rowsPerPage={query.perPage}
      rowsPerPageOptions={PER_PAGE_OPTIONS}
      onPageChange={(_e, page) => update({ page: page + 1 })}
      onRowsPerPageChange={(e) => update({ perPage: Number(e.target.value) })}
      {...pagerLabels()}
    />
  );
}

/**
 * /talent: the admin candidate list with the spec's columns (schema `admin.list.columns`), its
 * filters and presets (pending curation, pending activation) and the search page's filters,
 * sorting (expected salary in one currency), search (names, emails, employers, skills and titles,
 * served by candidate search), adding by hand or from a CV, importing a file, and the bulk status
 * change that warns about candidates' own choices, and the bulk deletion that tells its counts (BulkDeleteButton.tsx).
 */
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { Avatar, Button, Stack, Typography } from '@mui/material';
import { cloneElement, type ReactElement } from 'react';
import {
  DataTable,
  List,
  ReferenceField,
  useBasename,
  useListContext,
  useNavigate,
  useRecordContext,
} from 'react-admin';
import { LabelledBody } from '../../LabelledRows';
import { candidate } from '../../../../ui/candidate-profile/profileFields';
import { formatCount, t } from '../../../../i18n';
import { DisplayField } from '../../../fields/DisplayField';
import { filterInputs } from '../../../fields/filterInputs';
import { isSortable, labelOf, pluralLabel } from '../../../fields/fieldMeta';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import {
  columnWidths,
  ONE_LINE_TABLE_SX,
  PhoneList,
  showFullTextOnHover,
  TableActions,
  usePhone,
} from '../../denseTable';
import { exporterFor } from '../../exporter';
import { KeyboardBulkToolbar, RowLink } from '../../keyboardList';
import { ListEmpty, ListLoadFailed, ListNoMatches, ListPagination } from '../../ListStates';
import { QUIET_LOAD } from '../../LoadFailed';
import { presetLabel, presetMatching } from '../../presets';
import { CvImportButton } from './CvImport';
import { ListBulkDeleteButton } from '../../BulkDeleteButton';
import { TalentBulkStatusButton } from './TalentBulkStatus';
import { talentSearchFilters } from './TalentSearchFilters';
import { talentPaths } from './talentPaths';

const PAGE_SIZES = [10, 25, 50];
/** Filters shown at once; the others are a click away under "Add filter". */
const ALWAYS_ON = ['q', 'status', 'tags'];

/** The entity's own filters (skills and job titles come with the search's, which take names too) and the search page's. */
const OWN = filterInputs(candidate).filter(
  (input) => !['skillIds', 'jobTitleLookingFor'].includes((input.props as { source: string }).source),
);
const FILTERS = [...OWN, ...talentSearchFilters()].map((input) =>
  cloneElement(
    input as ReactElement<{ source: string }>,
    { alwaysOn: ALWAYS_ON.includes((input.props as { source: string }).source) } as object,
  ),
);

function TalentTitle() {
  const { filterValues } = useListContext();
  const preset = presetMatching(candidate, filterValues);
  const title = preset ? presetLabel(candidate, preset) : pluralLabel(candidate);
  useDocumentTitle(title);
  return <>{title}</>;
}

function Actions() {
  const navigate = useNavigate();
  const basename = useBasename();
  return (
    <TableActions>
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadOutlined />}
        onClick={() => navigate(`${basename}${talentPaths.import}`)}
      >
        {t('imports.button')}
      </Button>
      <CvImportButton
        label={t('talent.cv.addFromCv')}
        variant="outlined"
        size="small"
        onImported={({ values, ...cv }) => navigate(`${basename}${talentPaths.add}`, { state: { record: values, cv } })}
      />
      <Button
        variant="contained"
        size="small"
        startIcon={<PersonAddAlt1Outlined />}
        onClick={() => navigate(`${basename}${talentPaths.add}`)}
      >
        {t('talent.admin.add')}
      </Button>
    </TableActions>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

function NameCell() {
  const record = useRecordContext();
  const basename = useBasename();
  const name = String(record?.name ?? '');
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'primary.main', flexShrink: 0 }}>
        {initials(name)}
      </Avatar>
      {/* The keyboard's way to the talent (keyboardList.tsx); the mouse clicks anywhere on the row. */}
      <RowLink to={(r) => `${basename}${talentPaths.show(r.id)}`} sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
          {name}
        </Typography>
      </RowLink>
    </Stack>
  );
}

function SalaryCell() {
  const record = useRecordContext();
  if (typeof record?.expectedSalary !== 'number') return null;
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {`${record.expectedSalaryCurrency ?? ''} ${formatCount(record.expectedSalary)}`}
    </Typography>
  );
}

function EmailCell() {
  const record = useRecordContext();
  return (
    <Typography variant="body2" color="text.secondary" noWrap title={String(record?.email ?? '')}>
      {String(record?.email ?? '')}
    </Typography>
  );
}

function LocationCell() {
  return <ReferenceField source="currentLocationId" reference="cities" link={false} />;
}

const CELLS: Record<string, () => ReactElement | null> = {
  name: NameCell,
  email: EmailCell,
  currentLocationId: LocationCell,
  expectedSalary: SalaryCell,
};
/** Short column headings; the schema's labels are written for forms. */
const heading = (name: string) => {
  const key = `talent.list.columns.${name}`;
  return t(key) === key ? labelOf(candidate, name) : t(key);
};
const columns = candidate.admin?.list?.columns ?? [];
/** Shares of the width, from what each column needs at 1440 px: a status chip as wide as its longest label, salaries and days whole. */
const WIDTHS = columnWidths(candidate, columns, {
  name: 165,
  email: 150,
  status: 150,
  currentLocationId: 95,
  latestCompanyName: 95,
  latestJobTitle: 135,
  expectedSalary: 130,
  createdAt: 122,
});
const [sortField, sortOrder] = candidate.admin?.list?.sort ?? ['createdAt', 'DESC'];

const BULK_ACTIONS = (
  <>
    <TalentBulkStatusButton />
    <ListBulkDeleteButton />
  </>
);

export function TalentList() {
  const basename = useBasename();
  const phone = usePhone();
  return (
    <List
      title={<TalentTitle />}
      sort={{ field: sortField, order: sortOrder }}
      perPage={25}
      filters={FILTERS}
      actions={<Actions />}
      exporter={exporterFor(candidate)}
      pagination={<ListPagination rowsPerPageOptions={PAGE_SIZES} />}
      empty={<ListEmpty entity={candidate} />}
      error={<ListLoadFailed entity={candidate} />}
      queryOptions={QUIET_LOAD}
      // The table keeps to the page's width, one line per row; the bulk toolbar slides over the list's top edge unclipped.
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      {phone ? (
        <PhoneList
          primary={(record) => String(record.name ?? '')}
          secondary={(record) => [record.latestJobTitle, record.latestCompanyName].filter(Boolean).join(' · ')}
          link={(record) => `${basename}${talentPaths.show(record.id)}`}
        />
      ) : (
        <DataTable
          body={LabelledBody}
          rowClick={(id) => `${basename}${talentPaths.show(id)}`}
          bulkActionButtons={BULK_ACTIONS}
          bulkActionsToolbar={<KeyboardBulkToolbar>{BULK_ACTIONS}</KeyboardBulkToolbar>}
          empty={<ListNoMatches entity={candidate} />}
          sx={ONE_LINE_TABLE_SX}
          onMouseOver={showFullTextOnHover}
        >
          {columns.map((name) => {
            const Cell = CELLS[name];
            const sortable = isSortable(candidate, name) && candidate.fields[name]?.kind !== 'ref';
            return (
              <DataTable.Col
                key={name}
                source={name}
                label={heading(name)}
                disableSort={!sortable}
                sx={{ width: WIDTHS[name] }}
              >
                {Cell ? <Cell /> : <DisplayField entity={candidate} source={name} compact />}
              </DataTable.Col>
            );
          })}
        </DataTable>
      )}
    </List>
  );
}

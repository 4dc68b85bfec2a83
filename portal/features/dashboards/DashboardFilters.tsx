/**
 * The filter bar every admin dashboard shares: a date range or one week, a company, a project and
 * an admin (owner or talent advocate), chosen from the lists the console reads; all kept in the URL.
 * Also the loading, error and empty states the dashboards show the same way. A refused period is said at From.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Alert, Autocomplete, Box, Button, LinearProgress, Stack, TextField } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { t } from '../../../i18n';
import { apiList } from '../../../ui/api/client';
import { DayField } from '../../components/DayField';
import { EmptyState } from '../../components/EmptyState';

interface Option {
  id: string;
  label: string;
}

const SOURCES = {
  companyId: { path: 'companies', sort: 'companyName', label: (r: Record<string, string>) => r.companyName },
  projectId: { path: 'projects', sort: 'title', label: (r: Record<string, string>) => r.title },
  adminId: {
    path: 'admins',
    sort: 'firstName',
    label: (r: Record<string, string>) => r.name || `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email,
  },
} as const;

/**
 * The chosen option of a picker whose id came from the address: from the options when among them, else its own
 * record read by id (a project past the first 50 by title, opened from a link), so the field names it, never its id.
 */
export function useChosen(
  path: string,
  value: string | null,
  options: Option[],
  label: (r: Record<string, string>) => string,
): Option | null {
  const [own, setOwn] = useState<Option>();
  const known = value ? options.find((o) => o.id === value) : undefined;
  const missing = !!value && !known && own?.id !== value;
  useEffect(() => {
    if (!missing || !value) return;
    let live = true;
    apiList<Record<string, string>>(path, { range: [0, 0], filter: { id: [value] } }).then(
      ({ data }) => live && data[0] && setOwn({ id: data[0].id, label: label(data[0]) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [path, value, missing, label]);
  if (!value) return null;
  return known ?? (own?.id === value ? own : { id: value, label: value });
}

function Picker({
  name,
  value,
  label,
  onChange,
}: {
  name: keyof typeof SOURCES;
  value: string | null;
  label: string;
  onChange(id: string | undefined): void;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [text, setText] = useState('');
  const source = SOURCES[name];
  useEffect(() => {
    const timer = setTimeout(
      () =>
        apiList<Record<string, string>>(source.path, {
          sort: [source.sort, 'ASC'],
          range: [0, 49],
          filter: text ? { q: text } : {},
        }).then(
          ({ data }) => setOptions(data.map((r) => ({ id: r.id, label: source.label(r) }))),
          () => setOptions([]),
        ),
      200,
    );
    return () => clearTimeout(timer);
  }, [text, source]);
  const selected = useChosen(source.path, value, options, source.label);
  return (
    <Autocomplete
      size="small"
      sx={{ width: { xs: '100%', md: 220 } }}
      options={options}
      value={selected}
      onChange={(_, o) => onChange(o?.id)}
      onInputChange={(_, v, reason) => reason === 'input' && setText(v)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

interface FiltersProps {
  params: URLSearchParams;
  set(changes: Record<string, string | undefined>): void;
  clear(): void;
  filtered: boolean;
  /** Refusals of the filters, in words, by field: the period's is said at From. */
  fieldErrors?: Record<string, string>;
  onExport?: () => void;
  exporting?: boolean;
  children?: ReactNode;
}

export function DashboardFilters(props: FiltersProps) {
  const { params, set, clear, filtered, fieldErrors = {}, onExport, exporting, children } = props;
  const date = (key: 'from' | 'to' | 'week', label: string) => (
    <DayField
      label={label}
      value={params.get(key) ?? ''}
      error={!!fieldErrors[key]}
      helperText={fieldErrors[key]}
      sx={{ width: { xs: '100%', md: 180 } }}
      onChange={(day) =>
        set(
          key === 'week'
            ? { week: day || undefined, from: undefined, to: undefined }
            : { [key]: day || undefined, week: undefined },
        )
      }
    />
  );
  // Gaps, not margins, between the fields: a row that wraps starts at the same edge as the first, and every field's
  // top is on one line.
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      useFlexGap
      spacing={1.5}
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: { xs: 'stretch', md: 'flex-start' } }}
      data-testid="dashboard-filters"
    >
      {date('from', t('portal.dashboard.filters.from'))}
      {date('to', t('portal.dashboard.filters.to'))}
      {date('week', t('portal.dashboard.filters.week'))}
      <Picker
        name="companyId"
        value={params.get('companyId')}
        label={t('portal.dashboard.filters.company')}
        onChange={(id) => set({ companyId: id })}
      />
      <Picker
        name="projectId"
        value={params.get('projectId')}
        label={t('portal.dashboard.filters.project')}
        onChange={(id) => set({ projectId: id })}
      />
      <Picker
        name="adminId"
        value={params.get('adminId')}
        label={t('portal.dashboard.filters.admin')}
        onChange={(id) => set({ adminId: id })}
      />
      {children}
      {filtered && <Button onClick={clear}>{t('portal.dashboard.filters.clear')}</Button>}
      <Box sx={{ flexGrow: 1 }} />
      {onExport && (
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={onExport} disabled={exporting}>
          {t('portal.dashboard.filters.exportCsv')}
        </Button>
      )}
    </Stack>
  );
}

interface StateProps {
  loading: boolean;
  failure: string | null;
  /** Offered for a failure a new try may mend; a refused request has none. */
  retry?: () => void;
  empty: boolean;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: string;
  children: ReactNode;
}

/** Loading bar, error (with retry when a new try may mend it), empty state or the content. */
export function DashboardState({ loading, failure, retry, empty, icon, emptyTitle, emptyText, children }: StateProps) {
  return (
    <Box aria-busy={loading}>
      {loading && <LinearProgress sx={{ mb: 2 }} aria-label={t('portal.dashboard.loading')} />}
      {failure && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            retry && (
              <Button color="inherit" size="small" onClick={retry}>
                {t('portal.dashboard.retry')}
              </Button>
            )
          }
        >
          {t('portal.dashboard.loadError')}: {failure}
        </Alert>
      )}
      {!failure && empty && !loading && <EmptyState icon={icon} title={emptyTitle} description={emptyText} />}
      {!failure && !empty && children}
    </Box>
  );
}

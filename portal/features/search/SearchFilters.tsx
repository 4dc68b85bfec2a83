/**
 * The filter column: text, every multi-select with its facet counts, salary (its slider's top is the
 * search's `salaryMax` for the asked currency) and experience ranges, remote and the more-options
 * flags, and (for admins only) the admin filters.
 */
import { Checkbox, Divider, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { memo, useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { CANDIDATE_SITUATIONS, SALARY_CURRENCIES } from '../../../schema/entities/talentOptions';
import { visuallyHidden } from '../../../ui/components/visuallyHidden';
import type { Facet, LookupPath, Option } from '../../api/search';
import { FacetSelect } from './FacetSelect';
import { RangeFilter } from './RangeFilter';
import {
  EXPERIENCE_MAX,
  SALARY_STEP,
  editFilters,
  noteSalaryTop,
  rebased,
  salaryTopOf,
  type MultiKey,
  type SearchEdit,
  type SearchState,
  type TextKey,
} from './searchUrl';

const LOOKUPS: Partial<Record<MultiKey, LookupPath>> = {
  jt: 'job-titles',
  s: 'skills',
  l: 'locations',
  cl: 'locations',
  lang: 'languages',
  i: 'industries',
  bd: 'tags',
  ad: 'admins',
};

const fixedOf = (labels: Record<string | number, string>): Option[] =>
  Object.entries(labels).map(([id, label]) => ({ id, label, src: null }));
/** Fixed lists: employment types, notice periods and (admins) job-search situations. */
const FIXED = (): Partial<Record<MultiKey, Option[]>> => ({
  te: fixedOf({
    1: t('search.employmentTypes.1'),
    2: t('search.employmentTypes.2'),
    3: t('search.employmentTypes.3'),
    4: t('search.employmentTypes.4'),
  }),
  np: [0, 1, 2, 3].map((n) => ({ id: String(n), label: t(`search.noticePeriods.${n}`), src: null })),
  cs: Object.values(CANDIDATE_SITUATIONS).map((id) => ({
    id: String(id),
    label: t(`search.situations.${id}`),
    src: null,
  })),
});

interface Props {
  state: SearchState;
  facets: Record<string, Facet>;
  /** The first answer has not come yet: facet options are held as skeletons of their final size. */
  pending?: boolean;
  isAdmin: boolean;
  labelOf: (key: MultiKey, id: string) => string;
  /** Each change is an edit of the state it lands on (see `SearchEdit`). */
  onChange: (edit: SearchEdit, picked?: { key: MultiKey; option: Option }) => void;
  /** The salary slider's top as the last answer gave it (`salaryMax`), in that answer's currency. */
  salaryTop?: { currency: string; max: number };
}

/** A text filter typed freely; the page debounces the search. */
function TextFilter({
  id,
  value,
  label,
  placeholder,
  onChange,
}: {
  id: TextKey;
  value: string;
  label: string;
  placeholder: string;
  onChange: (v: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return undefined;
    const timer = setTimeout(() => onChange(draft), 200);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(e) => setDraft(e.target.value.slice(0, 200))}
      slotProps={{ htmlInput: { 'data-testid': `filter-${id}` } }}
    />
  );
}

/**
 * Memoised: the results list draws itself a screenful at a time as the page opens, and each slice re-renders the
 * page; the filter column (some fifty checkboxes and seven autocompletes) is drawn again only when its own props
 * change.
 */
export const SearchFilters = memo(function SearchFilters({
  state,
  facets,
  pending = false,
  isAdmin,
  labelOf,
  onChange,
  salaryTop,
}: Props) {
  // The salary slider runs to 100,000 SGD in the asked currency: the top the search answered for it.
  if (salaryTop) noteSalaryTop(salaryTop.currency, salaryTop.max);
  const salaryMax = salaryTopOf(state.currency);
  // The fixed lists are built once per render, not once per filter.
  const fixed = FIXED();
  // The autocompletes come one a task after the column, each in its own turn: seven of them in the column's own task
  // would hold the page for a long task, and each mounting draws only its own filter, not the column again.
  let turn = 0;
  const multi = (key: MultiKey, shown = 5) => (
    <FacetSelect
      key={key}
      id={key}
      label={t(`search.filters.${key}`)}
      facet={facets[key]}
      pending={pending}
      selected={state.multi[key]}
      labelOf={(id) => labelOf(key, id)}
      shown={shown}
      lookup={LOOKUPS[key]}
      lookupTurn={LOOKUPS[key] ? ++turn : 0}
      fixed={fixed[key]}
      onChange={(ids, option) =>
        onChange(
          editFilters((now) => ({ multi: { ...now.multi, [key]: rebased(state.multi[key], ids, now.multi[key]) } })),
          option ? { key, option } : undefined,
        )
      }
    />
  );
  const flag = (key: keyof SearchState['flags'], label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={state.flags[key]}
          onChange={(e) => {
            const checked = e.target.checked;
            onChange(editFilters((now) => ({ flags: { ...now.flags, [key]: checked } })));
          }}
        />
      }
      label={label}
    />
  );
  const setText = (key: TextKey) => (value: string) =>
    onChange(editFilters((now) => ({ text: { ...now.text, [key]: value } })));
  return (
    <Stack
      spacing={2.5}
      component="form"
      role="search"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t('search.page.filtersTitle')}
    >
      <Typography component="h2" sx={visuallyHidden}>
        {t('search.page.filtersTitle')}
      </Typography>
      <TextFilter
        id="ts"
        value={state.text.ts}
        label={t('search.filters.ts')}
        placeholder={t('search.page.textPlaceholder')}
        onChange={setText('ts')}
      />
      {multi('jt', 10)}
      {multi('s')}
      {multi('l')}
      {multi('cl')}
      <RangeFilter
        id="salary"
        label={t('search.page.salary')}
        value={state.salary}
        max={salaryMax}
        step={SALARY_STEP}
        openTop
        onChange={(salary) => onChange(editFilters(() => ({ salary })))}
      >
        <TextField
          select
          size="small"
          label={t('search.filters.cur')}
          value={state.currency}
          onChange={(e) => {
            const currency = e.target.value;
            onChange(editFilters(() => ({ currency })));
          }}
          sx={{ mt: 1, minWidth: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'filter-cur' } }}
        >
          {SALARY_CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      </RangeFilter>
      <RangeFilter
        id="experience"
        label={t('search.page.experience')}
        value={state.experience}
        max={EXPERIENCE_MAX}
        step={1}
        onChange={(experience) => onChange(editFilters(() => ({ experience })))}
      />
      {multi('np')}
      {multi('lang')}
      {multi('i')}
      {multi('te')}
      {multi('bd')}
      {flag('r', t('search.page.remote'))}
      <Divider />
      <Typography variant="subtitle2" component="h3">
        {t('search.page.moreOptions')}
      </Typography>
      <Stack>
        {flag('isp', t('search.page.popular'))}
        {!isAdmin && flag('ias', t('search.page.shortlisted'))}
      </Stack>
      {isAdmin && (
        <Stack spacing={2.5} data-testid="admin-filters">
          <Divider />
          <Typography variant="subtitle2" component="h3">
            {t('search.page.adminFilters')}
          </Typography>
          <TextFilter
            id="ns"
            value={state.text.ns}
            label={t('search.filters.ns')}
            placeholder={t('search.page.namePlaceholder')}
            onChange={setText('ns')}
          />
          <TextFilter
            id="cn"
            value={state.text.cn}
            label={t('search.filters.cn')}
            placeholder={t('search.page.companyPlaceholder')}
            onChange={setText('cn')}
          />
          {multi('ad', 10)}
          {multi('cs')}
        </Stack>
      )}
    </Stack>
  );
});

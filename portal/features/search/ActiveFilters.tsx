/**
 * The active filters as chips, each removed with one click, and 'clear all'. With `suggest` (the
 * empty state), the chips read as suggestions of which filter to loosen.
 */
import { Button, Chip, Stack } from '@mui/material';
import { t } from '../../../i18n';
import {
  ADMIN_KEYS,
  ADMIN_MULTI_KEYS,
  EMPTY_FILTERS,
  EXPERIENCE_MAX,
  FLAG_KEYS,
  MULTI_KEYS,
  NO_UPPER_BOUND,
  TEXT_KEYS,
  salaryTopOf,
  thousands,
  withFilters,
  type MultiKey,
  type SearchEdit,
  type SearchState,
} from './searchUrl';

interface Props {
  state: SearchState;
  isAdmin: boolean;
  labelOf: (key: MultiKey, id: string) => string;
  /** Each removal is an edit of the state it lands on (see `SearchEdit`). */
  onChange: (edit: SearchEdit) => void;
  suggest?: boolean;
}

const FLAG_LABELS = { r: 'search.page.remote', isp: 'search.page.popular', ias: 'search.page.shortlisted' } as const;

function fixedLabel(key: MultiKey, id: string): string | undefined {
  if (key === 'te') return t(`search.employmentTypes.${id}`);
  if (key === 'np') return t(`search.noticePeriods.${id}`);
  if (key === 'cs') return t(`search.situations.${id}`);
  return undefined;
}

export function ActiveFilters({ state, isAdmin, labelOf, onChange, suggest }: Props) {
  const chips: { key: string; label: string; remove: SearchEdit }[] = [];
  const allowed = (key: string) => isAdmin || !ADMIN_KEYS.has(key);
  for (const key of TEXT_KEYS)
    if (state.text[key].trim() && allowed(key))
      chips.push({
        key,
        label: `${t(`search.filters.${key}`)}: ${state.text[key]}`,
        remove: (now) => withFilters(now, { text: { ...now.text, [key]: '' } }),
      });
  for (const key of [...MULTI_KEYS, ...ADMIN_MULTI_KEYS]) {
    if (!allowed(key)) continue;
    for (const id of state.multi[key])
      chips.push({
        key: `${key}:${id}`,
        label: `${t(`search.filters.${key}`)}: ${fixedLabel(key, id) ?? labelOf(key, id)}`,
        remove: (now) => withFilters(now, { multi: { ...now.multi, [key]: now.multi[key].filter((v) => v !== id) } }),
      });
  }
  if (state.salary[0] > 0 || Number.isFinite(state.salary[1]))
    chips.push({
      key: 'salary',
      label: `${t('search.page.salary')}: ${state.currency} ${thousands(state.salary[0])} – ${Number.isFinite(state.salary[1]) ? thousands(state.salary[1]) : `${thousands(salaryTopOf(state.currency))}+`}`,
      remove: (now) => withFilters(now, { salary: [0, NO_UPPER_BOUND] }),
    });
  if (state.experience[0] > 0 || state.experience[1] < EXPERIENCE_MAX)
    chips.push({
      key: 'experience',
      label: `${t('search.page.experience')}: ${state.experience[0]} – ${state.experience[1]}`,
      remove: (now) => withFilters(now, { experience: [0, EXPERIENCE_MAX] }),
    });
  for (const key of FLAG_KEYS)
    if (state.flags[key])
      chips.push({
        key,
        label: t(FLAG_LABELS[key]),
        remove: (now) => withFilters(now, { flags: { ...now.flags, [key]: false } }),
      });
  if (!chips.length) return null;
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, mb: suggest ? 0 : 2, justifyContent: suggest ? 'center' : 'flex-start' }}
      data-testid={suggest ? 'loosen' : 'active-filters'}
    >
      {chips.map((c) => (
        <Chip
          key={c.key}
          label={suggest ? t('search.page.loosen', { filter: c.label }) : c.label}
          onDelete={suggest ? undefined : () => onChange(c.remove)}
          onClick={suggest ? () => onChange(c.remove) : undefined}
          variant={suggest ? 'outlined' : 'filled'}
        />
      ))}
      {!suggest && (
        <Button size="small" onClick={() => onChange(EMPTY_FILTERS)}>
          {t('search.page.clearAll')}
        </Button>
      )}
    </Stack>
  );
}

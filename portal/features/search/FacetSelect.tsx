/**
 * One multi-select filter: its top options with the number of candidates each would give under
 * the other filters, 'N selected out of M', and a typed search through the lookup's autocomplete. Without counts (the
 * project page's filters, or before the first answer) it says only how many are selected, never 'out of 0'.
 * The autocomplete answers from one letter ('R' offers the skill R first), and a city shows its country's code
 * (`src`, backend/services/lookups/sources.ts) beside its name, in the options and the rows, so the two Londons differ.
 * An estimated count reads as approximate ('≈ 812'), never as a minimum: the estimate may be too high.
 */
import { Autocomplete, Box, Checkbox, FormControlLabel, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { t } from '../../../i18n';
import { useAnchorOnFocus } from '../../../ui/components/autocompleteAnchor';
import { visuallyHidden } from '../../../ui/components/visuallyHidden';
import { searchApi, type Facet, type LookupPath, type Option } from '../../api/search';
import { useTurn } from '../../components/useFirstScreenful';
import { thousands } from './searchUrl';

interface Props {
  id: string;
  label: string;
  facet?: Facet;
  selected: string[];
  /** Labels known for selected ids (from facets and earlier choices). */
  labelOf: (id: string) => string;
  onChange: (ids: string[], picked?: Option) => void;
  /** How many options show (5; 10 for job titles and admins). */
  shown?: number;
  /** The autocomplete to type into; fixed lists (employment type, notice period) have none. */
  lookup?: LookupPath;
  /** How many tasks after the filter the lookup's autocomplete mounts; a box of its size holds its place meanwhile. */
  lookupTurn?: number;
  /** Every option of a fixed list, when there is no lookup. */
  fixed?: Option[];
  /** Options not known yet: the rows they will fill are held (no layout shift when they arrive). */
  pending?: boolean;
}

/** A city's name with its country's code ('London (GB)'); other options' `src` is a picture, not shown here. */
export function placeName(o: { label: string; src?: string | null }): string {
  return o.src && /^[A-Z]{2}$/.test(o.src) ? `${o.label} (${o.src})` : o.label;
}

/** The height of one option row: a small checkbox's box. */
const ROW_HEIGHT = 38;
/** The height of a small outlined text field: the lookup's place while it mounts. */
const LOOKUP_HEIGHT = 40;

export function FacetSelect({
  id,
  label,
  facet,
  selected,
  labelOf,
  onChange,
  shown = 5,
  lookup,
  lookupTurn = 0,
  fixed,
  pending = false,
}: Props) {
  const lookupReady = useTurn(lookupTurn);
  const legendId = useId();
  const counts = new Map((facet?.options ?? []).map((o) => [String(o.id), o.count]));
  const top = fixed ?? (facet?.options ?? []).slice(0, shown);
  const ids = new Set(top.map((o) => String(o.id)));
  const extra = selected.filter((s) => !ids.has(s)).map((s) => ({ id: s, label: labelOf(s), src: null }));
  const options = [...extra, ...top];
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((s) => s !== value) : [...selected, value]);
  const total = fixed ? fixed.length : facet?.distinct;
  const nameOf = (o: Option) => (lookup === 'locations' ? placeName(o) : o.label);
  return (
    // The legend sits beside its count, not first in the fieldset, so the group is named by its id.
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid={`filter-${id}`} aria-labelledby={legendId}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography component="legend" variant="subtitle2" id={legendId}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {total !== undefined
            ? t('search.page.selectedOutOf', { n: selected.length, m: thousands(total) })
            : selected.length > 0
              ? t('portal.pipeline.filters.selected', { n: selected.length })
              : ''}
        </Typography>
      </Stack>
      {lookup && !lookupReady && (
        <Skeleton variant="rounded" height={LOOKUP_HEIGHT} sx={{ my: 0.5 }} data-testid="lookup-skeleton" aria-hidden />
      )}
      {lookup && lookupReady && (
        <LookupInput
          lookup={lookup}
          label={label}
          onPick={(o) => !selected.includes(String(o.id)) && onChange([...selected, String(o.id)], o)}
        />
      )}
      <Stack>
        {pending &&
          !fixed &&
          Array.from({ length: shown }, (_, i) => (
            <Skeleton
              key={i}
              variant="rounded"
              height={ROW_HEIGHT - 10}
              sx={{ my: '5px' }}
              data-testid="facet-skeleton"
              aria-hidden
            />
          ))}
        {options.map((o) => {
          const value = String(o.id);
          const count = counts.get(value);
          return (
            <FormControlLabel
              key={value}
              sx={{ mr: 0, '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 } }}
              control={<Checkbox size="small" checked={selected.includes(value)} onChange={() => toggle(value)} />}
              label={
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" noWrap title={nameOf(o)}>
                    {nameOf(o)}
                  </Typography>
                  {count !== undefined && <FacetCount count={count} estimated={Boolean(facet?.estimated)} />}
                </Stack>
              }
            />
          );
        })}
      </Stack>
    </Box>
  );
}

/**
 * An option's count. An estimated one (a spread or a sample scaled up) may be too high as well as too low, so it
 * reads as approximate ('≈ 812', 'about 812 candidates' to a screen reader), never as a minimum; an exact one is plain.
 */
function FacetCount({ count, estimated }: { count: number; estimated: boolean }) {
  const n = thousands(count);
  return (
    <Typography variant="caption" color="text.secondary" data-testid="facet-count" data-estimated={estimated}>
      {estimated ? (
        <>
          <span aria-hidden>{t('search.page.facetEstimate', { n })}</span>
          <Box component="span" sx={visuallyHidden}>
            {t('search.page.facetEstimateLabel', { n })}
          </Box>
        </>
      ) : (
        n
      )}
    </Typography>
  );
}

function LookupInput({ lookup, label, onPick }: { lookup: LookupPath; label: string; onPick: (o: Option) => void }) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  // The popup's anchor is handed over when the input takes focus, not drawn twice on mounting.
  const anchor = useAnchorOnFocus();
  useEffect(() => {
    if (!input.trim()) {
      setOptions([]);
      return undefined;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchApi
        .suggest(lookup, input.trim(), controller.signal)
        .then((found) => setOptions(found))
        .catch(() => setOptions([]))
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, lookup]);
  return (
    <Autocomplete<Option>
      size="small"
      options={options}
      loading={loading}
      value={null}
      inputValue={input}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (lookup === 'locations' ? placeName(o) : o.label)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={input.trim() ? t('search.page.tryDifferentText') : t('search.page.typeToSearch')}
      onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
      onChange={(_, o) => {
        if (o) onPick(o);
        setInput('');
      }}
      renderInput={(params) => {
        const { ref, onFocus } = anchor(params);
        return (
          <TextField
            {...params}
            placeholder={t('search.page.typeToSearch')}
            slotProps={{
              input: { ...params.InputProps, ref },
              htmlInput: { ...params.inputProps, onFocus, 'aria-label': label },
            }}
          />
        );
      }}
      sx={{ my: 0.5 }}
    />
  );
}

/**
 * A picker of lookup rows (a city, job titles, skills, ...) bound to the form: suggestions load as
 * the user types (200 ms after the last key, spec section 5), chosen ids show their names.
 */
import {
  Autocomplete,
  type AutocompleteRenderInputParams,
  Box,
  Chip,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState, type HTMLAttributes, type Key, type Ref } from 'react';
import { useController } from 'react-hook-form';
import { t } from '../../i18n';
import { useAnchorOnFocus } from '../components/autocompleteAnchor';
import { useLookups, type LookupId, type LookupOption } from './lookups';

const DEBOUNCE_MS = 200;

interface PickerProps {
  resource: string;
  label: string;
  multiple?: boolean;
  required?: boolean;
  helperText?: string;
  placeholder?: string;
  /** Ids already taken elsewhere (e.g. by other rows), left out of the suggestions. */
  exclude?: LookupId[];
  /** The chosen ids (one at most unless `multiple`). */
  value: LookupId[];
  onChange(ids: LookupId[]): void;
  onBlur?(): void;
  error?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const same = (a: LookupId, b: LookupId) => String(a) === String(b);

/**
 * Suggestions for the typed text. Rows found for earlier text are not offered while the new text is
 * looked up: a list that reorders under the pointer when the answer lands would pick the wrong row.
 * A failed lookup is kept with its text: for the current text it ends the loading and shows the failure.
 */
function useOptions(resource: string, query: string, open: boolean) {
  const lookups = useLookups();
  const [found, setFound] = useState<{ query: string; options: LookupOption[] }>({ query: '', options: [] });
  const [loading, setLoading] = useState(false);
  // The text whose lookup failed last, or null.
  const [failedQuery, setFailedQuery] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      lookups
        .search(resource, query)
        .then((options) => {
          if (!live) return;
          setFound({ query, options });
          setFailedQuery(null);
        })
        .catch(() => live && setFailedQuery(query))
        .finally(() => live && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [lookups, resource, query, open]);
  const current = found.query === query;
  const failed = failedQuery === query;
  return { options: current ? found.options : [], loading: loading || (open && !current && !failed), failed };
}

/** Names of the chosen ids, loaded once when they are not known yet. */
export function useChosen(resource: string, ids: LookupId[]): LookupOption[] {
  const lookups = useLookups();
  const [, setLoaded] = useState(0);
  const idsKey = ids.join('|');
  useEffect(() => {
    const list = idsKey ? idsKey.split('|') : [];
    if (list.every((id) => lookups.cached(resource, id))) return;
    let live = true;
    lookups
      .byIds(
        resource,
        ids.filter((id) => !lookups.cached(resource, id)),
      )
      .then(() => live && setLoaded((n) => n + 1))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the ids' text
  }, [lookups, resource, idsKey]);
  return ids.map((id) => lookups.cached(resource, id) ?? { id, name: t('talent.form.loadingName') });
}

/** The picker itself, controlled by its caller. */
export function LookupPicker({
  resource,
  label,
  multiple,
  required,
  helperText,
  placeholder,
  exclude = [],
  value: ids,
  onChange,
  onBlur,
  error,
  name,
  inputRef,
}: PickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = useChosen(resource, ids);
  // The popup's anchor is handed over when the input takes focus, not drawn twice on mounting.
  const anchor = useAnchorOnFocus();
  const { options, loading, failed } = useOptions(resource, query, open);
  const shown = useMemo(() => options.filter((o) => !exclude.some((id) => same(id, o.id))), [options, exclude]);
  const noOptions = failed
    ? t('errors.internalServerError')
    : query.trim()
      ? t('talent.form.noMatches')
      : t('talent.form.typeToSearch');

  const common = {
    options: shown,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    loading,
    filterOptions: (o: LookupOption[]) => o,
    getOptionLabel: (o: LookupOption) => o.name,
    isOptionEqualToValue: (o: LookupOption, v: LookupOption) => same(o.id, v.id),
    onInputChange: (_: unknown, text: string, reason: string) => reason !== 'reset' && setQuery(text),
    noOptionsText: noOptions,
    loadingText: t('talent.form.loading'),
    onBlur,
    renderOption: (props: HTMLAttributes<HTMLLIElement> & { key: Key }, o: LookupOption) => {
      const { key, ...rest } = props;
      return (
        <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
          <span>{o.name}</span>
          {o.hint && (
            <Typography component="span" variant="body2" color="text.secondary">
              {o.hint}
            </Typography>
          )}
        </Box>
      );
    },
    renderInput: (params: AutocompleteRenderInputParams) => {
      const { ref, onFocus } = anchor(params);
      return (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          placeholder={ids.length ? undefined : placeholder}
          error={!!error}
          helperText={error ?? helperText}
          slotProps={{
            inputLabel: { ...params.InputLabelProps, ...(multiple ? { shrink: true } : {}) },
            htmlInput: { ...params.inputProps, onFocus },
            input: {
              ...params.InputProps,
              ref,
              endAdornment: (
                <>
                  {loading && open ? (
                    <CircularProgress color="inherit" size={18} aria-label={t('talent.form.loading')} />
                  ) : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      );
    },
  };

  if (multiple) {
    return (
      <Autocomplete<LookupOption, true>
        {...common}
        multiple
        value={chosen}
        onChange={(_, value) => onChange(value.map((o) => o.id))}
        renderValue={(value, getItemProps) =>
          value.map((o, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} label={o.name} size="small" {...itemProps} />;
          })
        }
      />
    );
  }
  return (
    <Autocomplete<LookupOption, false>
      {...common}
      value={chosen[0] ?? null}
      onChange={(_, value) => onChange(value ? [value.id] : [])}
    />
  );
}

type InputProps = Omit<PickerProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & { name: string };

/** The picker bound to a form field: an id (or null), or a list of ids when `multiple`. */
export function LookupInput({ name, multiple, ...rest }: InputProps) {
  const { field, fieldState } = useController({ name });
  const value = field.value as LookupId | LookupId[] | null | undefined;
  const ids: LookupId[] = Array.isArray(value)
    ? value
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  return (
    <LookupPicker
      {...rest}
      name={field.name}
      multiple={multiple}
      value={ids}
      onChange={(next) => field.onChange(multiple ? next : (next[0] ?? null))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      inputRef={field.ref}
    />
  );
}

/**
 * An autocomplete over a lookup: either every option at once (`load`) or options asked for as
 * people type (`search`, 200 ms after the last key, from 2 characters). Single or multiple.
 */
import { Autocomplete, CircularProgress, TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import type { Option } from './projectForm';

const DEBOUNCE_MS = 200;

interface Common {
  label: string;
  name: string;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  load?: () => Promise<Option[]>;
  search?: (q: string, signal: AbortSignal) => Promise<Option[]>;
  /** Changes when `load` must be asked again (e.g. the chosen company). */
  loadKey?: string;
  noOptionsText?: string;
}

type Props = Common &
  (
    | { multiple: true; value: Option[]; onChange(v: Option[]): void }
    | { multiple?: false; value: Option | null; onChange(v: Option | null): void }
  );

export function LookupField(props: Props) {
  const { label, name, error, helperText, required, disabled, load, search, loadKey, noOptionsText } = props;
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState('');

  useEffect(() => {
    if (!load) return;
    let live = true;
    setLoading(true);
    load()
      .then((o) => live && setOptions(o))
      .catch(() => live && setOptions([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey]);

  useEffect(() => {
    if (!search) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      search(text, controller.signal)
        .then(setOptions)
        .catch((err: unknown) => {
          if ((err as Error).name !== 'AbortError') setOptions([]);
        })
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const renderInput = (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      name={name}
      label={label}
      required={required}
      error={!!error}
      helperText={error ? t(error) : helperText}
      InputProps={{
        ...params.InputProps,
        endAdornment: (
          <>
            {loading && <CircularProgress size={18} aria-label={t('portal.common.loading')} />}
            {params.InputProps.endAdornment}
          </>
        ),
      }}
    />
  );
  const shared = {
    options,
    loading,
    disabled,
    renderInput,
    filterOptions: search ? (x: Option[]) => x : undefined,
    isOptionEqualToValue: (a: Option, b: Option) => a.id === b.id,
    getOptionLabel: (o: Option) => o.label,
    onInputChange: (_e: unknown, v: string, reason: string) => {
      if (reason !== 'reset') setText(v);
    },
    noOptionsText:
      noOptionsText ??
      (search && text.trim().length < 2
        ? t('portal.projectsPortal.form.typeToSearch')
        : t('portal.projectsPortal.form.noOptions')),
    loadingText: t('portal.common.loading'),
  };

  if (props.multiple)
    return (
      <Autocomplete
        {...shared}
        multiple
        value={props.value}
        onChange={(_e, v) => props.onChange(v)}
        filterSelectedOptions
      />
    );
  return <Autocomplete {...shared} value={props.value} onChange={(_e, v) => props.onChange(v)} />;
}

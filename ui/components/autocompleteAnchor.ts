/**
 * MUI's Autocomplete anchors its popup on its input's box, and once it has that box it reads the box's width at every
 * render: each autocomplete draws itself a second time as it mounts and forces a layout of the whole page (a form with
 * thirty pickers drew 1,500 components again). `useAnchorOnFocus` hands the box over when the input takes focus,
 * before a popup can open: clicking the field or its arrow, or tabbing to it, focuses the input first.
 */
import type { AutocompleteRenderInputParams } from '@mui/material';
import { useCallback, useRef, type FocusEvent, type Ref } from 'react';

export interface AnchorOnFocus {
  /** The input's box, for `slotProps.input.ref` (in place of `params.InputProps.ref`). */
  ref: Ref<HTMLElement>;
  /** For `slotProps.htmlInput.onFocus`: hands the box to the autocomplete, then runs its own focus handler. */
  onFocus(event: FocusEvent<HTMLInputElement>): void;
}

export function useAnchorOnFocus(): (params: AutocompleteRenderInputParams) => AnchorOnFocus {
  const box = useRef<HTMLElement | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    box.current = el;
  }, []);
  return (params) => ({
    ref,
    onFocus: (event) => {
      (params.InputProps.ref as (el: HTMLElement | null) => void)(box.current);
      params.inputProps.onFocus?.(event);
    },
  });
}

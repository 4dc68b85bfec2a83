/**
 * A list's search box: react-admin's SearchInput, whose "Clear value" button leaves the focus in the box once it
 * cleared it. Left alone the button, drawn only while there is text, takes the focus with it when it goes (onto the
 * page's body), and a keyboard user starts again from the top of the page.
 */
import { Box } from '@mui/material';
import type { MouseEvent } from 'react';
import { SearchInput, type SearchInputProps } from 'react-admin';

function keepFocusInBox(event: MouseEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (!target.closest('.RaResettableTextField-clearButton')) return;
  event.currentTarget.querySelector<HTMLInputElement>('input')?.focus();
}

export function SearchBox(props: SearchInputProps) {
  return (
    // `display: contents`: the filter form lays out the input as if this box were not there.
    <Box sx={{ display: 'contents' }} onClick={keepFocusInBox}>
      <SearchInput {...props} />
    </Box>
  );
}

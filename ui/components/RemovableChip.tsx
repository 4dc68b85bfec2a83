/**
 * A chip with a remove button of its own (WCAG 2.1.1, 4.1.2): MUI's delete icon is hidden from screen readers and
 * not reached by Tab, and its Backspace and Delete shortcuts remove without a word. Here the remove is a real button
 * named `removeLabel` ("Remove Java"), reached by Tab and pressed with Enter or Space; removed, focus moves to the
 * next chip's remove button in the same list (or the one before; after the last, where `onLastRemoved` puts it), not
 * to the page's body. The chip itself is no tab
 * stop and no button: when pressing it does something (`onClick`), its label is a button beside the remove one, never
 * one inside the other. Without `onRemove` the chip is read-only and shows no remove button.
 */
import Cancel from '@mui/icons-material/Cancel';
import { ButtonBase, Chip, IconButton, type ChipProps } from '@mui/material';
import type { AriaAttributes, MouseEvent, SyntheticEvent } from 'react';

export interface RemovableChipProps extends Omit<ChipProps, 'onDelete' | 'deleteIcon' | 'onClick' | 'clickable'> {
  /** The remove button's name, e.g. "Remove Java". */
  removeLabel: string;
  onRemove?: () => void;
  /** What pressing the chip's label does; the label is then a button. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** What the label's button opens, when it opens something. */
  labelPopup?: AriaAttributes['aria-haspopup'];
  /** Where focus goes when the list's last chip is removed (the list's own add field, say). */
  onLastRemoved?: () => void;
}

/** The remove buttons of the chips in `chip`'s list, and `chip`'s place among them. */
function removeButtons(chip: Element | null) {
  const all = [...(chip?.parentElement?.querySelectorAll<HTMLElement>('[data-chip-remove]') ?? [])];
  return { all, at: all.findIndex((b) => chip?.contains(b)) };
}

export function RemovableChip({
  removeLabel,
  onRemove,
  onClick,
  labelPopup,
  onLastRemoved,
  label,
  sx,
  ...chip
}: RemovableChipProps) {
  const remove =
    onRemove &&
    ((event: SyntheticEvent) => {
      const { all, at } = removeButtons((event.currentTarget as HTMLElement).closest('.MuiChip-root'));
      const next = all[at + 1] ?? all[at - 1];
      onRemove();
      // The chips keep their keys, so the next chip's button is the same element once the list is drawn again.
      requestAnimationFrame(() => (next?.isConnected ? next.focus() : onLastRemoved?.()));
    });
  return (
    <Chip
      {...chip}
      sx={[...(Array.isArray(sx) ? sx : [sx]), onClick ? { '& .MuiChip-label': { p: 0, display: 'flex' } } : {}]}
      label={
        onClick ? (
          <ButtonBase
            onClick={onClick}
            aria-haspopup={labelPopup}
            sx={{
              font: 'inherit',
              color: 'inherit',
              px: 1.5,
              alignSelf: 'stretch',
              borderRadius: 4,
              '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible': { outline: '2px solid', outlineOffset: -2 },
            }}
          >
            {label}
          </ButtonBase>
        ) : (
          label
        )
      }
      onDelete={remove}
      deleteIcon={
        remove && (
          <IconButton aria-label={removeLabel} data-chip-remove size="small" sx={{ p: 0 }}>
            <Cancel fontSize="inherit" />
          </IconButton>
        )
      }
      // With a remove button MUI draws the chip as a button and a tab stop: it is neither, its buttons are inside.
      {...(remove ? { role: chip.role, tabIndex: -1 } : {})}
    />
  );
}

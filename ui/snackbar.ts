/**
 * Where snackbars show in the portal and the console: top right (spec section 9), 8 px from the top,
 * inside the top bar's height, so they cover no button of the page below it; the top bar's own
 * buttons under one are free again when it hides after 6000 ms, or at once with its close button.
 */
import type { SnackbarOrigin } from '@mui/material';

export const SNACKBAR_ANCHOR: SnackbarOrigin = { vertical: 'top', horizontal: 'right' };

/** Material's default top offset (24 px on wider screens) would hang the snackbar below the 64 px top bar. */
export const SNACKBAR_OFFSET = { top: { xs: 8, sm: 8 } } as const;

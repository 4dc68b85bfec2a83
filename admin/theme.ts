/** The console's look: the product's shared theme (`ui/theme.ts`) over react-admin's defaults, with outlined inputs and quiet surfaces. */
import { deepmerge } from '@mui/utils';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { t } from '../i18n';
import { BRAND, productThemeOptions } from '../ui/theme';

export const consoleTheme: RaThemeOptions = deepmerge(deepmerge(defaultTheme, productThemeOptions), {
  sidebar: { width: 240, closedWidth: 56 },
  components: {
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    MuiFormControl: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { elevation1: { boxShadow: 'none', border: '1px solid #e2e8f0' } } },
    MuiAppBar: { styleOverrides: { colorPrimary: { backgroundColor: BRAND.primaryDark } } },
    MuiMenuItem: {
      styleOverrides: {
        root: {
          '&.Mui-selected': { backgroundColor: 'rgba(29, 78, 216, 0.08)', color: BRAND.primary, fontWeight: 600 },
        },
      },
    },
    // Dense rows: a cell keeps to one line (long values are cut with an ellipsis and shown whole on hover by the field).
    MuiTableCell: { styleOverrides: { sizeSmall: { paddingTop: 6, paddingBottom: 6 } } },
    // react-admin lets wide tables widen the whole page; the console keeps the frame to the window and scrolls the table instead.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { padding: 16, minWidth: 0 } } } },
    // react-admin's loading screen: its spinner is named for screen readers, and its message is written in the
    // secondary text colour (the stock disabled grey reads at 2.5:1 on white).
    MuiCircularProgress: { defaultProps: { 'aria-label': t('ra.page.loading') } },
    RaLoading: { styleOverrides: { root: { '& .RaLoading-message': { color: '#475569' } } } },
    // A form's toolbar on a quiet surface: react-admin's grey puts the red Delete button at 4.25:1, under AA's 4.5:1.
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f8fafc', borderTop: '1px solid #e2e8f0' } } },
    RaSidebar: {
      styleOverrides: {
        root: { '& .RaSidebar-fixed': { backgroundColor: '#ffffff', borderRight: '1px solid #e2e8f0' } },
      },
    },
  },
});

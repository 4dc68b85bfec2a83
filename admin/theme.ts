/** The console's look: react-admin's default theme in the product's colours, with outlined inputs and quiet surfaces. */
import { deepmerge } from '@mui/utils';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

const BRAND = '#1d4e7a';

export const consoleTheme: RaThemeOptions = deepmerge(defaultTheme, {
  palette: {
    mode: 'light',
    primary: { main: BRAND },
    secondary: { main: '#2a7f8f' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h6: { fontWeight: 600 },
  },
  sidebar: { width: 240, closedWidth: 56 },
  components: {
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    MuiFormControl: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { elevation1: { boxShadow: 'none', border: '1px solid #e3e8ef' } } },
    MuiAppBar: { styleOverrides: { colorPrimary: { backgroundColor: BRAND } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#475467', backgroundColor: '#f9fafb' } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-selected': { backgroundColor: 'rgba(29, 78, 122, 0.10)', color: BRAND, fontWeight: 600 } } } },
    // react-admin lets wide tables widen the whole page; the console keeps the frame to the window and scrolls the table instead.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { padding: 16, minWidth: 0 } } } },
    RaSidebar: { styleOverrides: { root: { '& .RaSidebar-fixed': { backgroundColor: '#ffffff', borderRight: '1px solid #e3e8ef' } } } },
  },
});

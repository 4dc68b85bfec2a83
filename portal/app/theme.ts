/** The portal's MUI theme: the product's shared look (`ui/theme.ts`) with the portal's form defaults. */
import { createTheme } from '@mui/material/styles';
import { BRAND, productThemeOptions } from '../../ui/theme';

export { BRAND };

export const theme = createTheme(productThemeOptions, {
  components: {
    MuiTextField: { defaultProps: { fullWidth: true, size: 'medium' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
});

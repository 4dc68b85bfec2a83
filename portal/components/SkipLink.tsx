/**
 * The first stop of the Tab order on every framed page: "Skip to content", shown only while focused, jumps past
 * the bar and its menus to the page's main region (WCAG 2.4.1, bypass blocks).
 */
import { Box } from '@mui/material';
import { t } from '../../i18n';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        // The router would treat the hash as navigation; focus moves to the main region instead.
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': { top: 8 },
      }}
    >
      {t('portal.nav.skipToContent')}
    </Box>
  );
}

/**
 * Links that move the keyboard's focus past a block (WCAG 2.4.1, bypass blocks), shown only while focused. The
 * first stop of the Tab order on every framed page is "Skip to content", which jumps past the bar and its menus to
 * the page's main region; a page with a long block of its own (the search page's filters) adds a `SkipTo` of its own.
 */
import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../ui/components/visuallyHidden';
import { t } from '../../i18n';

export const MAIN_ID = 'main-content';

const LINK = {
  px: 2,
  py: 1,
  borderRadius: 1,
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  fontWeight: 600,
  textDecoration: 'none',
} as const;

/** A link that moves the focus to the element `target`; shown in the flow while focused, hidden otherwise. */
export function SkipTo({ target, children, sx }: { target: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(e) => {
        // The router would treat the hash as navigation; focus moves to the target instead.
        e.preventDefault();
        document.getElementById(target)?.focus();
      }}
      sx={[
        LINK,
        ...(Array.isArray(sx) ? sx : [sx ?? { display: 'inline-block', mb: 2, '&:not(:focus)': visuallyHidden }]),
      ]}
    >
      {children}
    </Box>
  );
}

export function SkipLink() {
  return (
    <SkipTo
      target={MAIN_ID}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('portal.nav.skipToContent')}
    </SkipTo>
  );
}

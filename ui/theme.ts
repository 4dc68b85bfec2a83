/**
 * The product's one look, shared by the portal and the console: a calm blue brand, soft surfaces,
 * rounded low-shadow cards and sentence-case buttons. Each app builds its MUI theme from these options
 * (the console merges them over react-admin's defaults).
 */
import type { ThemeOptions } from '@mui/material/styles';

export const BRAND = {
  primary: '#1d4ed8',
  primaryDark: '#1e3a8a',
  accent: '#0d9488',
  accentLight: '#5eead4',
  surface: '#f5f7fb',
  ink: '#0f172a',
} as const;

/**
 * A visitor whose system asks for less motion gets none (WCAG 2.3.3): menus, dialogs, drawers and tooltips appear and
 * go at once, and the page's CSS transitions and animations end on their first frame, all but progress indicators.
 * Read once as the app loads.
 */
const REDUCED_MOTION =
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const stillTransitions: ThemeOptions['transitions'] = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

/**
 * A keyboard user sees where focus is (WCAG 2.4.7, 2.4.11): a 2px ring of the brand blue (6.7:1 on white, well over
 * the 3:1 asked) 2px outside every button, icon button, clickable chip and link, with a white band between, so the
 * ring also shows on the console's dark blue bar and around a blue filled button. Keyboard focus only
 * (`:focus-visible`, and MUI's own keyboard-focus class), never a mouse click. An outline and a shadow take no room, so
 * nothing moves. Rows that fill a clipped list (menu items, list buttons, tabs) draw the ring inside instead.
 */
const focusRing = (inset = false) => ({
  '&.Mui-focusVisible, &:focus-visible': inset
    ? { outline: `2px solid ${BRAND.primary}`, outlineOffset: '-2px' }
    : { outline: `2px solid ${BRAND.primary}`, outlineOffset: '2px', boxShadow: '0 0 0 2px #ffffff' },
});

/**
 * A finger's targets (WCAG 2.5.8; 40px, about the pad of a finger): on a touch screen a small button is 40px tall, and
 * a small icon button, which sits in chips and fields that a bigger one would stretch, answers a tap 40px square around
 * its centre through a pseudo-element, drawn at its own size. A mouse's screen keeps the dense sizes.
 */
const COARSE = '@media (pointer: coarse)';
const touchArea = {
  '&::after': {
    content: '""',
    position: 'absolute',
    top: '50%',
    left: '50%',
    width: 'max(100%, 40px)',
    height: 'max(100%, 40px)',
    transform: 'translate(-50%, -50%)',
  },
} as const;

/** The keyframes MUI's inputs listen for to notice the browser's autofill (their names are MUI's). */
export const AUTOFILL = { fill: 'mui-auto-fill', cancel: 'mui-auto-fill-cancel' } as const;

export const productThemeOptions: ThemeOptions = {
  ...(REDUCED_MOTION ? { transitions: stillTransitions } : {}),
  palette: {
    mode: 'light',
    primary: { main: BRAND.primary, dark: BRAND.primaryDark },
    // Every colour that carries text (a filled chip's white label, an outlined chip's coloured one) meets WCAG AA
    // (4.5:1) on white: MUI's stock orange, light blue and our teal accent do not (3.1, 3.9 and 3.7:1). The error red
    // also holds on the console's grey form toolbar and tinted bulk-action bar (5.0:1), where #c62828 gives 4.25.
    secondary: { main: '#0f766e' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    success: { main: '#15803d' },
    error: { main: '#b91c1c' },
    background: { default: BRAND.surface, paper: '#ffffff' },
    text: { primary: BRAND.ink, secondary: '#475569' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.6rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.35rem', fontWeight: 700 },
    h4: { fontSize: '1.15rem', fontWeight: 600 },
    h5: { fontSize: '1rem', fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          // A progress indicator keeps moving: it says that something is still under way. It moves less: the spinner
          // turns in eight steps a turn with an arc of fixed length, and a bar in eight steps a sweep, so the browser
          // draws it eight times a cycle rather than at every frame (a smooth spinner cost about 13% of a core while on
          // screen, a stepped one about 4%).
          '.MuiCircularProgress-root, .MuiLinearProgress-bar': { animationTimingFunction: 'steps(8) !important' },
          '.MuiCircularProgress-circle': { animation: 'none !important' },
          '*:not(.MuiCircularProgress-root, .MuiCircularProgress-circle, .MuiLinearProgress-bar), *::before, *::after':
            {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
        },
      },
    },
    // An input would mount a global style sheet of its own for the keyframes by which it notices the browser's
    // autofill: a <style> element per field, each making the browser compute the whole page's styles again (about
    // 130 on the console's talent form). The keyframes are declared once for the app (ui/styleCache.tsx); the
    // animations that use them stay on every input, as MUI sets them.
    MuiInputBase: {
      defaultProps: { disableInjectingGlobalStyles: true },
      styleOverrides: {
        input: {
          animationName: AUTOFILL.cancel,
          animationDuration: '10ms',
          '&:-webkit-autofill': { animationDuration: '5000s', animationName: AUTOFILL.fill },
        },
      },
    },
    MuiButtonBase: { styleOverrides: { root: focusRing() } },
    MuiLink: { styleOverrides: { root: focusRing() } },
    MuiMenuItem: { styleOverrides: { root: focusRing(true) } },
    MuiListItemButton: { styleOverrides: { root: focusRing(true) } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8, textTransform: 'none' }, sizeSmall: { [COARSE]: { minHeight: 40 } } },
    },
    MuiIconButton: { styleOverrides: { sizeSmall: { [COARSE]: touchArea } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#475569', backgroundColor: '#f8fafc' } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, ...focusRing(true) } } },
    // The unselected state's stock grey is 4.49:1 on the page's surface; the secondary text colour is 7:1.
    MuiToggleButton: { styleOverrides: { root: { color: '#475569' } } },
  },
};

/**
 * Text read by assistive technology but not shown: e.g. what a control does, after the visible words that name
 * it (WCAG 2.5.3: the accessible name contains the visible label, which an aria-label would replace).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

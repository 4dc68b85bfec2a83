/** The form's sticky footer: whether there are unsaved changes or problems to fix, and the save action. */
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useFormState } from 'react-hook-form';
import { t } from '../../i18n';

/** How many fields carry a problem (nested errors counted one by one). */
export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && node.message) return 1;
  return Object.entries(node).reduce((n, [key, value]) => n + (key === 'ref' ? 0 : countErrors(value)), 0);
}

/** Room kept clear above and below a revealed field: the top bar above, this bar below. */
const CLEARANCE = 140;

/**
 * Brings the form's first field with a problem (in reading order) into view, clear of the sticky top
 * bar and of this bar, and puts the cursor in it.
 */
export function revealFirstProblem(form: HTMLElement | null): void {
  const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"], .Mui-error');
  if (!marked) return;
  const field = marked.matches('input, textarea, select, [tabindex]')
    ? marked
    : (marked.querySelector<HTMLElement>('input, textarea, select, [tabindex]') ?? marked);
  const rect = field.getBoundingClientRect();
  const room = window.innerHeight;
  if (rect.top < CLEARANCE || rect.bottom > room - CLEARANCE) {
    window.scrollBy({ top: rect.top - Math.max(CLEARANCE, (room - rect.height) / 2), behavior: 'instant' });
  }
  field.focus({ preventScroll: true });
}

/** The nearest ancestor that scrolls, or the page. */
function scrollerOf(el: HTMLElement): { scrollBy(o: ScrollToOptions): void } {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return window;
}

/**
 * Keeps the field that receives focus clear of this bar (WCAG 2.4.11, focus not obscured): a Tab or a click
 * that lands on a field hidden behind the bar scrolls it up into the free space above it.
 */
function useFocusClearOfBar(bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const form = bar.current?.closest('form');
    if (!form) return;
    const onFocus = (e: FocusEvent) => {
      const field = e.target as HTMLElement;
      if (!bar.current || bar.current.contains(field)) return;
      const barTop = bar.current.getBoundingClientRect().top;
      const rect = field.getBoundingClientRect();
      const overlap = rect.bottom + 16 - barTop;
      if (overlap > 0) scrollerOf(field).scrollBy({ top: overlap, behavior: 'instant' });
    };
    form.addEventListener('focusin', onFocus);
    return () => form.removeEventListener('focusin', onFocus);
  }, [bar]);
}

/** `idleText`: what to say when nothing changed yet (default: everything is saved). */
export function SaveBar({ children, idleText }: { children: ReactNode; idleText?: string }) {
  const { isDirty, errors, submitCount, isSubmitting } = useFormState();
  const problems = submitCount > 0 ? countErrors(errors) : 0;
  const bar = useRef<HTMLDivElement>(null);
  useFocusClearOfBar(bar);
  // After each refused save (the form's own checks or the server's field errors), once the fields
  // show their messages, the first one to fix comes into view.
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || problems === 0) return;
    const frame = requestAnimationFrame(() => revealFirstProblem(bar.current?.closest('form') ?? null));
    return () => cancelAnimationFrame(frame);
    // Only a save that just ended reveals; later edits leave the page where the user put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, isSubmitting]);
  return (
    <Paper
      ref={bar}
      data-testid="save-bar"
      elevation={0}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        mt: 3,
        px: { xs: 2, md: 3 },
        py: 1.5,
        border: '1px solid',
        borderColor: 'divider',
        boxShadow: '0 -6px 18px rgba(15, 23, 42, 0.06)',
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 200 }} role="status">
        {problems > 0 && <ErrorOutline color="error" fontSize="small" />}
        <Typography variant="body2" color={problems > 0 ? 'error' : 'text.secondary'}>
          {problems > 0
            ? t('talent.form.fixErrors')
            : isDirty
              ? t('talent.form.unsaved')
              : (idleText ?? t('talent.form.saved'))}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1}>
        {children}
      </Stack>
    </Paper>
  );
}

/** The form's sticky footer: whether there are unsaved changes or problems to fix, and the save action. */
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { t } from '../../i18n';

/** How many fields carry a problem (nested errors counted one by one). */
export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && node.message) return 1;
  return Object.entries(node).reduce((n, [key, value]) => n + (key === 'ref' ? 0 : countErrors(value)), 0);
}

/** `idleText`: what to say when nothing changed yet (default: everything is saved). */
export function SaveBar({ children, idleText }: { children: ReactNode; idleText?: string }) {
  const { isDirty, errors, submitCount } = useFormState();
  const problems = submitCount > 0 ? countErrors(errors) : 0;
  return (
    <Paper
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
          {problems > 0 ? t('talent.form.fixErrors') : isDirty ? t('talent.form.unsaved') : (idleText ?? t('talent.form.saved'))}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1}>
        {children}
      </Stack>
    </Paper>
  );
}

/** A titled card holding one section of the profile form, and the grid rows inside it. */
import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { sectionText, useProfileVoice } from './voice';

interface Props {
  id: string;
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}

export function FormSection({ id, icon, title: given, description: about, action, children }: Props) {
  const editor = useProfileVoice();
  const title = sectionText(editor, id, 'title', given) as string;
  const description = sectionText(editor, id, 'description', about);
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      variant="outlined"
      sx={{ scrollMarginTop: 96, overflow: 'visible' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: { xs: 2, md: 3 }, py: 2 }}>
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(29, 78, 216, 0.08)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          {icon}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h2"
            id={`${id}-title`}
            sx={{ fontSize: '1.05rem', fontWeight: 600, lineHeight: 1.3 }}
          >
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </Box>
        {action}
      </Stack>
      <Divider />
      <CardContent sx={{ display: 'grid', gap: 2.5, px: { xs: 2, md: 3 }, py: 3, '&:last-child': { pb: 3 } }}>
        {children}
      </CardContent>
    </Card>
  );
}

/** Inputs side by side on wide screens, stacked on narrow ones. */
export function Row({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
        gap: 2,
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** A small heading inside a section. */
export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="overline"
      color="text.secondary"
      sx={{ fontWeight: 600, letterSpacing: '0.08em', lineHeight: 1.5, mt: 0.5 }}
    >
      {children}
    </Typography>
  );
}

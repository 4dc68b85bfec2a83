/** An honest empty state: what will appear here, and why there is nothing yet. */
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  description: string;
  /** Short lines on what the screen will hold. */
  points?: string[];
  action?: ReactNode;
}

export function EmptyState({ icon, title, description, points, action }: Props) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 4, md: 7 }, textAlign: 'center', borderStyle: 'dashed', bgcolor: 'background.paper' }}
      data-testid="empty-state"
    >
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 560, mx: 'auto' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(29, 78, 216, 0.08)',
            color: 'primary.main',
            '& svg': { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{description}</Typography>
        {points && points.length > 0 && (
          <Box component="ul" sx={{ textAlign: 'left', color: 'text.secondary', pl: 2.5, m: 0, '& li': { mb: 0.5 } }}>
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

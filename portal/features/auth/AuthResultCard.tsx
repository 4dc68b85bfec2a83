/** The body of a landing page that works on its own: a spinner while it does, then an outcome with a way on. */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  state: 'working' | 'done' | 'failed';
  title: string;
  message?: string;
  action?: { label: string; to: string };
}

export function AuthResultCard({ state, title, message, action }: Props) {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}
      role={state === 'failed' ? 'alert' : 'status'}
    >
      {state === 'working' && <CircularProgress aria-label={title} />}
      {state === 'done' && <CheckCircleOutline color="success" sx={{ fontSize: 52 }} />}
      {state === 'failed' && <ErrorOutline color="error" sx={{ fontSize: 52 }} />}
      <Typography variant="h3" component="h1">
        {title}
      </Typography>
      {message && <Typography color="text.secondary">{message}</Typography>}
      {action && (
        <Button component={RouterLink} to={action.to} variant="contained">
          {action.label}
        </Button>
      )}
    </Stack>
  );
}

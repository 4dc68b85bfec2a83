/**
 * A project's AI match runs, in a drawer of the project page (admins): the runs started from the
 * project, newest first, each opening on /ai-match, and a link that starts a match from the
 * project's job description (/ai-match?project=, which chooses it in the form).
 */
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Box, Button, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { PATHS } from '../../app/paths';
import { PastRuns } from './PastRuns';

const P = 'portal.aiMatchPage';

interface Props {
  open: boolean;
  projectId: string;
  onClose(): void;
}

export function ProjectAiMatchPanel({ open, projectId, onClose }: Props) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 640 }, maxWidth: '100%' } } }}
    >
      <Box role="region" aria-labelledby="project-ai-match-title" data-testid="project-ai-match" sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id="project-ai-match-title" variant="h5" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
            {t(`${P}.projectRunsTitle`)}
          </Typography>
          <IconButton onClick={onClose} aria-label={t(`${P}.close`)}>
            <CloseOutlined />
          </IconButton>
        </Stack>
        <Button
          variant="contained"
          component={RouterLink}
          to={`${PATHS.aiMatch}?project=${encodeURIComponent(projectId)}`}
          startIcon={<AutoAwesomeOutlined />}
          sx={{ mb: 2 }}
        >
          {t(`${P}.matchFromProject`)}
        </Button>
        {open && <PastRuns projectId={projectId} />}
      </Box>
    </Drawer>
  );
}

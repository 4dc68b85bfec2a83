/** The project page's heading: title, company, status, plan, owner, advocate, and the AI match (admins), settings and share buttons. */
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { Box, Button, Chip, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { PROJECT_PLAN, PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { plansApply } from '../../../schema/rules/plans';
import type { ProjectDetail } from '../../api/pipeline';
import { PATHS } from '../../app/paths';

const STATUS_COLOR: Record<number, 'success' | 'warning' | 'default'> = {
  [PROJECT_STATUS.active]: 'success',
  [PROJECT_STATUS.paused]: 'warning',
  [PROJECT_STATUS.inactive]: 'default',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" noWrap>
        {value}
      </Typography>
    </Box>
  );
}

interface Props {
  project: ProjectDetail | undefined;
  onSettings?(): void;
  onShare?(): void;
  /** Admins: the project's AI match runs. */
  onAiMatch?(): void;
}

export function ProjectHeader({ project, onSettings, onShare, onAiMatch }: Props) {
  if (!project)
    return (
      <Box sx={{ mb: 3 }} data-testid="project-header-loading">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="text" width="70%" />
      </Box>
    );
  const none = t('portal.pipeline.header.noOne');
  return (
    <Box component="header" sx={{ mb: 3 }} data-testid="project-header">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <IconButton
            component={RouterLink}
            to={PATHS.projects}
            aria-label={t('portal.pipeline.back')}
            sx={{ mt: 0.5 }}
          >
            <ArrowBackOutlined />
          </IconButton>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h1"
              component="h1"
              sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {project.title}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip
                size="small"
                color={STATUS_COLOR[project.status] ?? 'default'}
                label={t(`portal.pipeline.header.statuses.${project.status}`)}
                data-testid="project-status"
              />
              {/* Plans bind RaaS projects only: a normal company was never offered one. */}
              {plansApply(project) && (
                <Chip
                  size="small"
                  variant="outlined"
                  color={project.plan === PROJECT_PLAN.power ? 'primary' : 'default'}
                  label={`${t('portal.pipeline.header.plan')}: ${t(`portal.pipeline.header.plans.${project.plan}`)}`}
                  data-testid="project-plan"
                />
              )}
            </Stack>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {onAiMatch && (
            <Button variant="outlined" startIcon={<AutoAwesomeOutlined />} onClick={onAiMatch}>
              {t('portal.aiMatchPage.projectRuns')}
            </Button>
          )}
          {onSettings && (
            <Button variant="outlined" startIcon={<SettingsOutlined />} onClick={onSettings}>
              {t('portal.pipeline.header.settings')}
            </Button>
          )}
          {onShare && (
            <Button variant="outlined" startIcon={<ShareOutlined />} onClick={onShare}>
              {t('portal.pipeline.header.share')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 220px))' },
          gap: 2,
          mt: 2,
          pl: { md: 6 },
        }}
      >
        <Fact label={t('portal.pipeline.header.company')} value={project.company?.companyName ?? none} />
        <Fact label={t('portal.pipeline.header.owner')} value={project.owner?.name ?? none} />
        <Fact label={t('portal.pipeline.header.advocate')} value={project.advocate?.name ?? none} />
      </Box>
    </Box>
  );
}

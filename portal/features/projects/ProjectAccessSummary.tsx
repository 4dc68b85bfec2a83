/**
 * Who has access to a project at a glance (access/user/info: the first 3 people, totalCount and
 * moreCount): overlapping avatars and a Share button that opens the sharing panel.
 */
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { Avatar, AvatarGroup, Button, Stack, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { initialsOf } from '../../app/layout/AccountMenu';
import { projectsApi, type AccessInfo } from '../../api/projects';

export interface ProjectAccessSummaryProps {
  /** The project: its guid, 'Project:N' or N. */
  projectId: string;
  /** Opens the sharing panel. */
  onOpen(): void;
  /** Change it (e.g. a counter bumped by the sharing panel's onChanged) to read the summary again. */
  version?: number;
}

export function ProjectAccessSummary({ projectId, onOpen, version }: ProjectAccessSummaryProps) {
  const [info, setInfo] = useState<AccessInfo>();
  useEffect(() => {
    let live = true;
    projectsApi.accessInfo(projectId).then(
      (answer) => live && setInfo(answer),
      () => live && setInfo(undefined),
    );
    return () => {
      live = false;
    };
  }, [projectId, version]);

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="access-summary">
      {info && info.totalCount > 0 && (
        <Tooltip title={t('portal.projectsPortal.sharing.peopleCount', { count: info.totalCount })}>
          <AvatarGroup
            max={4}
            total={info.totalCount}
            sx={{ '& .MuiAvatar-root': { width: 30, height: 30, fontSize: 13 } }}
          >
            {info.users.map((u) => {
              const [first, ...rest] = (u.name ?? '').split(' ');
              return (
                <Avatar
                  key={u.id}
                  alt={u.name || u.email}
                  src={u.profilePic ?? undefined}
                  sx={{ bgcolor: 'primary.light' }}
                >
                  {initialsOf(first || null, rest.join(' ') || null, u.email)}
                </Avatar>
              );
            })}
          </AvatarGroup>
        </Tooltip>
      )}
      <Button size="small" variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={onOpen}>
        {t('portal.projectsPortal.list.share')}
      </Button>
    </Stack>
  );
}

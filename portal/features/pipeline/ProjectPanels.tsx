/**
 * The header's drawers, owned by the projects feature: settings (edit) and sharing; and, for admins, the
 * project's AI match runs (owned by the ai-match feature). Their code (the project form,
 * the access lists) loads when one is first opened, not with the board.
 */
import { lazy } from 'react';
import { OnDemand } from '../../components/OnDemand';
import type { ProjectDetail } from '../../api/pipeline';
import { useOpenedOnce } from '../../components/openedOnce';

const ProjectSettingsPanel = lazy(async () => ({
  default: (await import('../projects/ProjectSettingsPanel')).ProjectSettingsPanel,
}));
const ProjectSharingPanel = lazy(async () => ({
  default: (await import('../projects/ProjectSharingPanel')).ProjectSharingPanel,
}));
const ProjectAiMatchPanel = lazy(async () => ({
  default: (await import('../ai-match/ProjectAiMatchPanel')).ProjectAiMatchPanel,
}));

export type PanelKind = 'settings' | 'share' | 'aiMatch';

interface Props {
  project: ProjectDetail;
  open: PanelKind | undefined;
  onClose(): void;
  /** The project changed (saved settings or access): the page reloads it. */
  onChanged(): void;
}

export function ProjectPanels({ project, open, onClose, onChanged }: Props) {
  const settingsUsed = useOpenedOnce(open === 'settings');
  const sharingUsed = useOpenedOnce(open === 'share');
  const aiMatchUsed = useOpenedOnce(open === 'aiMatch');
  return (
    <>
      <OnDemand fallback={null}>
        {settingsUsed && (
          <ProjectSettingsPanel
            open={open === 'settings'}
            projectId={project.id}
            onClose={onClose}
            onSaved={() => {
              onClose();
              onChanged();
            }}
          />
        )}
      </OnDemand>
      <OnDemand fallback={null}>
        {sharingUsed && (
          <ProjectSharingPanel open={open === 'share'} projectId={project.id} onClose={onClose} onChanged={onChanged} />
        )}
      </OnDemand>
      <OnDemand fallback={null}>
        {aiMatchUsed && <ProjectAiMatchPanel open={open === 'aiMatch'} projectId={project.id} onClose={onClose} />}
      </OnDemand>
    </>
  );
}

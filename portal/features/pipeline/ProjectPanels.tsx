/** The header's drawers, owned by the projects feature: settings (edit) and sharing. */
import type { ProjectDetail } from '../../api/pipeline';
import { ProjectSettingsPanel, ProjectSharingPanel } from '../projects';

export type PanelKind = 'settings' | 'share';

interface Props {
  project: ProjectDetail;
  open: PanelKind | undefined;
  onClose(): void;
  /** The project changed (saved settings or access): the page reloads it. */
  onChanged(): void;
}

export function ProjectPanels({ project, open, onClose, onChanged }: Props) {
  return (
    <>
      <ProjectSettingsPanel
        open={open === 'settings'}
        projectId={project.id}
        onClose={onClose}
        onSaved={() => {
          onClose();
          onChanged();
        }}
      />
      <ProjectSharingPanel open={open === 'share'} projectId={project.id} onClose={onClose} onChanged={onChanged} />
    </>
  );
}

/**
 * The projects screens other features open: the settings (edit) and sharing drawers of a project,
 * the add-project modal, the open-projects list, and the /projects and /search pages.
 */
export { AddProjectDialog, type AddProjectDialogProps } from './AddProjectDialog';
export { AddToProjectDialog, type AddToProjectDialogProps } from './AddToProjectDialog';
export { ProjectAccessSummary, type ProjectAccessSummaryProps } from './ProjectAccessSummary';
export { ProjectSettingsPanel, type ProjectSettingsPanelProps } from './ProjectSettingsPanel';
export { ProjectSharingPanel, sharingError, type ProjectSharingPanelProps } from './ProjectSharingPanel';
export { ProjectsPage } from './ProjectsPage';
export { SearchWithProjects } from './SearchWithProjects';
export type { ProjectFormValues } from './projectForm';

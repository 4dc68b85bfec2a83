/**
 * The shape of an action another capability adds to the candidate menu (candidateActions.ts), apart from the menu
 * itself: a capability that adds one imports this file only, so the menu and its extensions do not import each other.
 */
import type { ComponentType } from 'react';
import type { PipelineRole } from '../../../schema/rules/stages';
import type { PipelineDoc, ProjectDetail } from '../../api/pipeline';

export interface CandidateActionContext {
  doc: PipelineDoc;
  project: ProjectDetail;
  role: PipelineRole;
  /** Reloads the tab and the counts after the action changed something. */
  refresh(): void;
  /** Reloads the project itself after the action changed it (an upgrade). */
  projectChanged?(): void;
}

export interface ExtraCandidateAction {
  id: string;
  /** Catalogue key of the menu item's text. */
  labelKey: string;
  visible?(context: CandidateActionContext): boolean;
  /** Catalogue key of why the server would refuse the action here: the item is shown disabled with it. */
  refusal?(context: CandidateActionContext): string | undefined;
  /** Opened when the item is chosen. */
  Dialog: ComponentType<{ context: CandidateActionContext; onClose(): void }>;
}

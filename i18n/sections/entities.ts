/**
 * Labels of every entity's fields, nested item fields and enum choices, by entity name. The schema
 * carries only the keys ('entities.<entity>.fields.<field>', '.items.<field>.<key>', '.enums.<field>.<choice>',
 * nested choices as '<field>_<key>'); defineEntity reads the texts from here, so a label has one spelling.
 */
import { dashboardEntityLabels } from './dashboards';
import { integrationEntityLabels } from './integrations';
import { aiMatchEntityLabels } from './aiMatch';
import { dataRightsEntityLabels } from './dataRights';
import { dataExportEntityLabels } from './dataExport';
import { consentEntityLabels } from './consents';
import { duplicateEntityLabels } from './duplicates';
import { liveEntityLabels } from './live';
import { alertEntityLabels } from './alerts';
import { chatEntityLabels } from './chat';
import { lookupEntities } from './lookupEntities';
import { accountEntities } from './accountEntities';
import { talentEntities } from './talentEntities';
import { workEntities } from './workEntities';

export const entityLabels = {
  ...liveEntityLabels,
  ...alertEntityLabels,
  ...chatEntityLabels,
  ...dashboardEntityLabels,
  ...integrationEntityLabels,
  ...aiMatchEntityLabels,
  ...dataRightsEntityLabels,
  ...dataExportEntityLabels,
  ...consentEntityLabels,
  ...duplicateEntityLabels,
  ...lookupEntities,
  ...accountEntities,
  ...talentEntities,
  ...workEntities,
};

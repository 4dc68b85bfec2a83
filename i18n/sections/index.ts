/** Every text of the portal, under the catalogue's `portal` key. */
import { aiMatchPortal } from './aiMatch';
import { auth } from './auth';
import { dataRightsPortal } from './dataRights';
import { dataCorrectionPortal, dataExportPortal } from './dataExport';
import { consentsPortal } from './consents';
import { dashboards } from './dashboards';
import { integrationsPortal } from './integrations';
import { interviews } from './interviews';
import { mailLinks } from './mailLinks';
import { pages } from './pages';
import { projectsPortal } from './projectsPortal';
import { pipelinePortal } from './pipelinePortal';
import { shell } from './shell';
import { privacy, terms } from './terms';

export const portal = {
  ...shell,
  ...auth,
  ...pages,
  terms,
  privacy,
  interviews,
  pipeline: pipelinePortal,
  projectsPortal,
  dashboard: dashboards,
  integrationsPage: integrationsPortal,
  aiMatchPage: aiMatchPortal,
  consents: consentsPortal,
  dataRights: dataRightsPortal,
  dataExport: dataExportPortal,
  dataCorrection: dataCorrectionPortal,
  mailLinks,
};

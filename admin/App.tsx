/**
 * The platform admins' console (react-admin), served under /admin. Every resource's screens are
 * generated from the schema registry; overrides replace single screens.
 */
import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Route } from 'react-router-dom';
import { en, t } from '../i18n';
import { resources } from '../schema';
import { pluralLabel } from './fields/fieldMeta';
import { recordText, resourceNames } from './fields/readable';
import { AdminLayout } from './layout/AdminLayout';
import { iconFor } from './layout/resourceIcons';
import { LoginPage } from './login/LoginPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { screensFor } from './resources/buildResource';
import { overrideRoutes } from './resources/overrides';
import { ConversationWindow } from './chat/ConversationWindow';
import { SupportInbox } from './chat/SupportInbox';
import { AlertVolume } from './alerts/AlertVolume';
import { lazyScreen } from './resources/lazyScreen';
import { consoleTheme } from './theme';
import { SNACKBAR_ANCHOR, SNACKBAR_OFFSET } from '../ui/snackbar';

// The duplicate queue and its side-by-side review load when one is opened.
const DuplicateQueue = lazyScreen(() => import('./duplicates/DuplicateQueue'), 'DuplicateQueue');
const DuplicateReview = lazyScreen(() => import('./duplicates/DuplicateReview'), 'DuplicateReview');

/** The console opens on its first resource: companies, where the spec sends admins home. */
// react-admin's own texts come from our catalogue (en.ra), never its stock English.
// Each resource's singular and plural name (a delete confirmation's "company user") from the entities' labels.
const i18nProvider = polyglotI18nProvider(() => ({ ...en, resources: resourceNames(resources) }), 'en', {
  allowMissing: true,
});
const HOME = 'companies';
const SCREENS = [...resources.filter((e) => e.resource === HOME), ...resources.filter((e) => e.resource !== HOME)].map(
  (entity) => ({
    entity,
    // Built once: a new component per render would remount every screen.
    screens: screensFor(entity),
  }),
);

/** The console's snackbars where the portal's show: top right, for 6000 ms (spec section 9). */
function ConsoleNotification() {
  return <Notification anchorOrigin={SNACKBAR_ANCHOR} autoHideDuration={6000} sx={SNACKBAR_OFFSET} />;
}

export function App() {
  return (
    <Admin
      basename="/admin"
      title={t('appName')}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={AdminLayout}
      notification={ConsoleNotification}
      theme={consoleTheme}
      requireAuth
      disableTelemetry
    >
      {SCREENS.map(({ entity, screens }) => (
        <Resource
          key={entity.resource}
          name={entity.resource as string}
          options={{ label: pluralLabel(entity) }}
          recordRepresentation={(record) => recordText(entity, record)}
          icon={iconFor(entity.resource as string)}
          {...screens}
        />
      ))}
      {/* Routes overrides bring along, e.g. talent at the spec's /talent paths. */}
      <CustomRoutes>
        {overrideRoutes.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="/support-chat" element={<SupportInbox />} />
        <Route path="/alerts" element={<AlertVolume />} />
        <Route path="/duplicates" element={<DuplicateQueue />} />
        <Route path="/duplicates/:id" element={<DuplicateReview />} />
      </CustomRoutes>
      {/* A conversation's own window: the chat alone, without the console's menu. */}
      <CustomRoutes noLayout>
        <Route path="/support-chat/:id" element={<ConversationWindow />} />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * Admin talent pages: /talent (optionally ?status=0 pending), /talent/:id, /talent/add and
 * /talent/edit/:id. They are screens of the admin console, which serves them at the same paths
 * under /admin; reaching one inside the portal opens it there, query string kept.
 */
import { useLocation } from 'react-router-dom';
import { ConsoleRedirect } from '../../app/ConsoleRedirect';

function TalentConsoleScreen() {
  const { pathname } = useLocation();
  return <ConsoleRedirect to={`/admin${pathname}`} keepQuery />;
}

export const TalentListPage = TalentConsoleScreen;
export const TalentViewPage = TalentConsoleScreen;
export const TalentAddPage = TalentConsoleScreen;
export const TalentEditPage = TalentConsoleScreen;

/** react-admin's candidate paths (/candidates, /candidates/create, /candidates/:id, /candidates/:id/show) open the spec's talent paths. */
import { Navigate } from 'react-router-dom';
import { useBasename, useLocation } from 'react-admin';
import { specPathOf } from './talentPaths';

export function TalentRedirect() {
  const basename = useBasename();
  const { pathname, search } = useLocation();
  const inside = pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  return <Navigate to={`${basename}${specPathOf(inside)}${search}`} replace />;
}

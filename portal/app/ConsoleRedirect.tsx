/** Opens a screen of the admin console (a separate app under /admin) with a full page navigation. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';

export function ConsoleRedirect({ to, keepQuery = false }: { to: string; keepQuery?: boolean }) {
  const { search } = useLocation();
  // A query of its own (spec keys such as ?status=0) replaces the screen's default one.
  const target = keepQuery && search ? `${to.split('?')[0]}${search}` : to;
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return <LoadingScreen />;
}

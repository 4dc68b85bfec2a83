/** Opens a screen of the admin console (a separate app under /admin) with a full page navigation. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';

export function ConsoleRedirect({ to, keepQuery = false }: { to: string; keepQuery?: boolean }) {
  const { search } = useLocation();
  const target = keepQuery && search && !to.includes('?') ? `${to}${search}` : to;
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return <LoadingScreen />;
}

/**
 * The signed-in candidate's standing with the terms and privacy notice, read as the page opens and again whenever it
 * may have changed under them: the page coming back into view (focus, a visible tab), the session read again (a
 * refused call, a live `access` message: sessionWatch.ts) and choices recorded elsewhere in the page. A version
 * published while the candidate is signed in is asked for without a reload; the server refuses other writes meanwhile.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { SESSION_RECHECK } from '../../app/auth/sessionWatch';
import { CONSENTS_CHANGED, readConsents, type Consents } from './consentsApi';

export function useNotice(): { consents?: Consents; setConsents(c: Consents): void } {
  const [consents, setConsents] = useState<Consents>();
  const reading = useRef(false);
  const live = useRef(true);

  const read = useCallback(() => {
    if (reading.current) return;
    reading.current = true;
    readConsents()
      .then((c) => live.current && setConsents(c))
      // The page itself reports a session or network problem; the next occasion reads again.
      .catch(() => undefined)
      .finally(() => {
        reading.current = false;
      });
  }, []);

  useEffect(() => {
    live.current = true;
    read();
    const visible = () => document.visibilityState === 'visible' && read();
    window.addEventListener('focus', read);
    document.addEventListener('visibilitychange', visible);
    window.addEventListener(SESSION_RECHECK, read);
    window.addEventListener(CONSENTS_CHANGED, read);
    return () => {
      live.current = false;
      window.removeEventListener('focus', read);
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener(SESSION_RECHECK, read);
      window.removeEventListener(CONSENTS_CHANGED, read);
    };
  }, [read]);

  return { consents, setConsents };
}

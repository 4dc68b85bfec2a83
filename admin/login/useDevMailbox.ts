import { useEffect, useState } from 'react';
import { API_URL } from '../providers/http';

/**
 * Whether the server runs outside production, where /dev/mailbox shows every email sent.
 * The dev API exists only there; asking it about an address that never receives mail tells
 * which side we are on without reading anyone's mail.
 */
export function useDevMailbox(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${API_URL}/dev/outbox?to=${encodeURIComponent('nobody@mailbox-probe.invalid')}`, {
      signal: controller.signal,
    })
      .then((res) => setAvailable(res.ok))
      .catch(() => setAvailable(false));
    return () => controller.abort();
  }, []);
  return available;
}

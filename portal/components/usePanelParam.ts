/**
 * The candidate a side panel shows, kept in the address (`candidate=<id>`): Back closes the panel before it changes
 * the list under it, and a reload or a shared link opens the panel again (the panel's own reads decide what the viewer
 * may see). Opening pushes an entry, marked in its history state; closing goes back over that entry when this page
 * pushed it, and otherwise (an address that came with the panel open) replaces it, so no entry is left behind that
 * opens the panel again on Back. A list that writes only its own keys (useAddressState) drops the key when its
 * page, tab or filters change, and so closes the panel.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { useAddressParams } from './useAddressState';
import { useHandler } from './useHandler';

export const PANEL_KEY = 'candidate';
const PUSHED = 'panelPushed';

/** The open candidate's id, and stable handlers that open a candidate's panel and close it. */
export function usePanelParam(): [string | undefined, (id: string) => void, () => void] {
  const [params, edit] = useAddressParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = params.get(PANEL_KEY) || undefined;
  const pushed = (location.state as Record<string, unknown> | null)?.[PUSHED] === true;
  const withId = (next?: string) => (current: URLSearchParams) => {
    const out = new URLSearchParams(current);
    if (next) out.set(PANEL_KEY, next);
    else out.delete(PANEL_KEY);
    return out;
  };
  // Another candidate while one is open takes the open one's place: one Back still closes the panel.
  const open = useHandler((next: string) =>
    edit(withId(next), id ? { replace: true, state: location.state } : { state: { [PUSHED]: true } }),
  );
  const close = useHandler(() => {
    if (!id) return;
    if (pushed) navigate(-1);
    else edit(withId(), { replace: true });
  });
  return [id, open, close];
}

/**
 * Whether a browser's Origin header names a page of ours: the cookie-authenticated writes
 * (session.ts) and the live socket (features/live/socket.ts) ask it the same way.
 *
 * An origin is ours when its host (name and port) equals the request's Host header or the host of
 * PUBLIC_URL. The second is what a reverse proxy needs: a plain `proxy_pass http://127.0.0.1:3000;`
 * sends Host: 127.0.0.1:3000 while the browser's Origin names the public address, so a proxy must
 * either pass the public Host on (nginx: `proxy_set_header Host $host;`) or the app must run with
 * PUBLIC_URL set to the address the browser opens (its name and port are what is compared).
 * No origin at all (not a browser, or one that sends none on a same-origin request) is the caller's
 * call; 'null' (sandboxed frames, some redirects), an unparsable origin and any other host are not ours.
 */
import type { Config } from '../config';

export function isOwnOrigin(origin: string, host: string | undefined, config: Pick<Config, 'publicUrl'>): boolean {
  if (!URL.canParse(origin)) return false;
  const named = new URL(origin).host;
  if (!named) return false;
  if (host && named === host) return true;
  return URL.canParse(config.publicUrl) && named === new URL(config.publicUrl).host;
}

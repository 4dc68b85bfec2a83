/**
 * What a page's first screen waits on, announced with the page's HTML so the browser fetches it beside the entry
 * script instead of after it: the page's own code (its chunk and the chunks it imports) and its first API call.
 *
 * An app declares its openings in its index.html, one `<meta>` per page and kind (`{name}` is one path segment,
 * `{query}` the page's query string):
 *
 *     <meta name="opening-module" content="/project/{id} features/pipeline/ProjectPipelinePage.tsx" />
 *     <meta name="opening-request" content="/project/{id} /api/v1/projects/find/{id}" />
 *
 * A module is the source path the build's manifest (`.vite/manifest.json`) names; it becomes `rel=modulepreload`
 * links for every file it needs that the entry does not already load. A request becomes a `rel=preload; as=fetch`
 * link with the page's credentials, which the page's own request for the same address then takes. Only what the
 * declaration and the build name reaches the header: a path segment is decoded and encoded again as one component,
 * the query is passed on as the page has it (`&{query}` drops its `&` when the page has none), and an address holding anything that could end a link (a space, a
 * quote, an angle bracket, a comma) is left out.
 *
 * A request is announced only to a visit whose session is live now, as the API itself resolves it (auth/session.ts
 * `resolveActor`: unexpired, not revoked, its person still allowed to sign in), and only when that person's ability
 * passes the access the API route it meets declares (endpoints/define.ts; found by `callAccess`, a call no declared
 * endpoint answers is never announced). Anything else would be a preload answered 401 or 403, and the browser keeps
 * that answer for the page's first request to the same address: a visit with no session, or a cookie of a session
 * signed out, expired or of a deactivated person, signs in on the login form without a new page load and would take
 * the stale 401 and be signed out again; a person whose role may not make the call (a candidate on a company's page)
 * would leave a 403 for whoever signs in next in the same page.
 */

import type { Access } from '../endpoints/define';

/** The part of Vite's build manifest read here: each chunk's file and static imports, by source path or chunk name. */
export type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

export interface Opening {
  page: RegExp;
  /** The names of the page's `{name}` segments, in order. */
  names: string[];
  /** A `Link` value with `{name}` / `{query}` still to fill (requests), or complete (modules). */
  link: string;
  /** The order in the header: the entry script first, then the page's first call, then the page's code. */
  rank: number;
  /**
   * An API call asked for with the visit's credentials: its address as declared, without its query
   * (`/api/v1/projects/find/{id}`), announced only to a visit whose person may make it.
   */
  request?: string;
}

/** What a declared API endpoint says of itself that tells whether a call is announced: its route and who may call. */
export interface DeclaredCall {
  method: string;
  path: string;
  access: Access;
}

/** Where the API is mounted (backend/app.ts): a declared call's address is this and an endpoint's path. */
const API = '/api/v1';

/**
 * The access the GET endpoint answering `request` (an opening's address, `{name}` segments and all) declares, or
 * undefined when no declared endpoint has its route: `{id}` stands for an endpoint's `:id`, whatever the names.
 */
export function callAccess(request: string, calls: readonly DeclaredCall[]): Access | undefined {
  if (!request.startsWith(`${API}/`)) return undefined;
  const route = request.slice(API.length).replace(/\{[a-z]+\}/gi, ':');
  return calls.find((call) => call.method === 'get' && call.path.replace(/:[A-Za-z0-9_]+/g, ':') === route)?.access;
}

const META = /<meta\s+name="opening-(module|request)"\s+content="([^"]*)"/g;

/** What a query passed on may hold: no space, quote, angle bracket or comma that could end a link in the header. */
const QUERY_SAFE = /^[A-Za-z0-9\-._~%!$&'()*+;=:@/?]*$/;

function pagePattern(page: string): { page: RegExp; names: string[] } {
  const names: string[] = [];
  const source = page
    .split(/(\{[a-z]+\})/i)
    .map((part) => {
      const name = /^\{([a-z]+)\}$/i.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { page: new RegExp(`^${source}/?$`), names };
}

/** Every file `key` needs before it runs: its own and its static imports', transitively. */
function filesOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) filesOf(manifest, dep, into);
  return into;
}

/** The openings an index.html declares, its modules resolved through the build's manifest. */
export function readOpenings(html: string, manifest: Manifest): Opening[] {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = entry ? filesOf(manifest, entry) : new Set<string>();
  const out: Opening[] = [];
  for (const [, kind, content] of html.matchAll(META)) {
    const [page, target] = content.trim().split(/\s+/);
    if (!page?.startsWith('/') || !target) continue;
    if (kind === 'request') {
      out.push({
        ...pagePattern(page),
        link: `<${target}>; rel=preload; as=fetch; crossorigin=use-credentials`,
        rank: 1,
        request: target.split('?')[0],
      });
      continue;
    }
    // A module the build does not know (a renamed page, a build without a manifest) announces nothing.
    if (!manifest[target]) continue;
    const pattern = pagePattern(page);
    const modulepreload = (files: string[], rank: number) => {
      if (files.length)
        out.push({ ...pattern, link: files.map((f) => `<{base}/${f}>; rel=modulepreload`).join(', '), rank });
    };
    // The entry is announced too: asked for after the page's chunks, it would wait behind them for a connection.
    modulepreload([...loaded], 0);
    modulepreload(
      [...filesOf(manifest, target)].filter((file) => !loaded.has(file)),
      2,
    );
  }
  return out.sort((a, b) => a.rank - b.rank);
}

/** The path of `url` (a path with its query) and its query. */
function split(url: string): { pathname: string; query: string } {
  const mark = url.indexOf('?');
  return mark < 0 ? { pathname: url, query: '' } : { pathname: url.slice(0, mark), query: url.slice(mark + 1) };
}

/** Whether the page at `url` declares any API call: only then is the visit's session worth reading. */
export const announcesCalls = (openings: Opening[], url: string): boolean =>
  openings.some(({ page, request }) => request !== undefined && page.test(split(url).pathname));

/**
 * The `Link` header announcing the openings of `url` (a path with its query) under `base` (where the app is mounted),
 * in the order readOpenings gives them; an API call only when `mayCall` says the visit's person may make it (none by
 * default).
 */
export function openingLinks(
  openings: Opening[],
  url: string,
  base = '',
  mayCall: (opening: Opening) => boolean = () => false,
): string | undefined {
  const { pathname, query } = split(url);
  const links: string[] = [];
  for (const opening of openings) {
    const { page, names, link, request } = opening;
    const match = page.exec(pathname);
    if (!match) continue;
    if (request !== undefined && !mayCall(opening)) continue;
    if (link.includes('{query}') && !QUERY_SAFE.test(query)) continue;
    // `?a=1&{query}` with no query leaves no trailing `&`: the page asks for `?a=1`.
    let value = link
      .replaceAll('{base}', base)
      .replace(/(&?)\{query\}/, (_, amp: string) => (query ? amp + query : ''));
    try {
      // A segment is sent as the app sends it: decoded by its router, then encoded as one component (which leaves
      // nothing that could end a link).
      names.forEach((name, i) => {
        value = value.replace(`{${name}}`, encodeURIComponent(decodeURIComponent(match[i + 1])));
      });
    } catch {
      continue;
    }
    links.push(value);
  }
  return links.length ? links.join(', ') : undefined;
}

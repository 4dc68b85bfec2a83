/**
 * Everything the fuzz suite probes, read from the product itself: the generic routes of every
 * resource in the schema registry, every declared capability endpoint (`endpoints()`, with its
 * zod input), and every other route found by walking the application's routers (capability
 * routers not yet declared, sign-in, the development mailbox, uploads). A route added anywhere
 * is probed without touching the suite.
 */
import type { Express } from 'express';
import { resources, type EntityDef } from '../../../schema';
import type { Endpoint, Method } from '../../../backend/endpoints/define';
import { endpoints } from '../../../backend/features';

export type ResourceRoute = 'list' | 'one' | 'create' | 'update' | 'delete' | 'bulkStatus';

export interface Target {
  /** 'PUT /api/v1/tags/:id' */
  key: string;
  method: Method;
  /** The full path pattern in Express syntax. */
  path: string;
  /** What the route is about, for grouping: the first segment under /api/v1, or the top-level one. */
  group: string;
  resource?: { entity: EntityDef; route: ResourceRoute };
  endpoint?: Endpoint;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/** Every route of the app as METHOD + full path, in mounting order. */
export function walkRoutes(app: Express): { method: Method; path: string }[] {
  const found: { method: Method; path: string }[] = [];
  const visit = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      if (layer.route) {
        for (const path of [layer.route.path].flat()) {
          for (const method of Object.keys(layer.route.methods)) {
            if (method === '_all') continue;
            found.push({ method: method as Method, path: `${prefix}${path === '/' && prefix ? '' : path}` });
          }
        }
      } else if (layer.handle?.stack) {
        for (const path of [layer.rawPath ?? ''].flat())
          visit(layer.handle.stack, `${prefix}${path === '/' ? '' : path || mount}`);
      }
    }
  };
  visit((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}

const API = '/api/v1';

function resourceRoute(method: Method, path: string): { entity: EntityDef; route: ResourceRoute } | undefined {
  for (const entity of resources) {
    const base = `${API}/${entity.resource}`;
    if (path === base && method === 'get') return { entity, route: 'list' };
    if (path === base && method === 'post') return { entity, route: 'create' };
    if (path === `${base}/status` && method === 'put') return { entity, route: 'bulkStatus' };
    if (path === `${base}/:id`) {
      if (method === 'get') return { entity, route: 'one' };
      if (method === 'put') return { entity, route: 'update' };
      if (method === 'delete') return { entity, route: 'delete' };
    }
  }
  return undefined;
}

function groupOf(path: string): string {
  const rest = path.startsWith(`${API}/`) ? path.slice(API.length + 1) : path.slice(1);
  return rest.split('/')[0] || '/';
}

export function fuzzTargets(app: Express): Target[] {
  const declared = new Map(endpoints().map((e) => [`${e.method.toUpperCase()} ${API}${e.path}`, e]));
  const seen = new Set<string>();
  const targets: Target[] = [];
  for (const { method, path } of walkRoutes(app)) {
    const key = `${method.toUpperCase()} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({
      key,
      method,
      path,
      group: groupOf(path),
      resource: resourceRoute(method, path),
      endpoint: declared.get(key),
    });
  }
  const missing = [...declared.keys()].filter((key) => !seen.has(key));
  if (missing.length) throw new Error(`declared endpoints not mounted: ${missing.join(', ')}`);
  return targets;
}

/** The names of a path's parameters: ':id' and '*rest' alike. */
export const paramNames = (path: string) => [...path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1]);

/** The path with each parameter replaced by `values[name]` (already URL-encoded); optional groups kept. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/[{}]/g, '').replace(/[:*]([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? 'x');
}

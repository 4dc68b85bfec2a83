/**
 * How the crawl fills a route's parameters: the keys its zod input names or asks for, the kind of
 * id each one takes (the declared row, the registry entity, the parameter's name, the path segment
 * before it), the ids earlier answers showed of that kind (the canaries first), sample values for
 * the rest, and the ways to combine them: each value once (a diagonal), then the ids met together
 * in earlier answers, then shifted diagonals, up to a bound.
 */
import type { z } from 'zod';
import type { EntityDef } from '../../../schema';
import type { Endpoint } from '../../../backend/endpoints/define';
import type { IdPools } from './markers';

const VALUE_SAMPLES = ['1', '2', '3', '4', '5', '6', '7', '0', '30', '90', 'true', 'x'];
const PAGE_KEYS = /^(pp|perPage|per_page|pageSize|limit)$/;
const ID_NAME = /^(id|.+(Id|_id|Guid|_guid))$/;
/** Values asked per parameter: every canary, the projects they sit in, a couple of anything else. */
const MAX_VALUES: Record<string, number> = { candidate: 12, project: 6 };
const OTHER_VALUES = 2;

export interface Binding {
  url: string;
  /** The project the answer is judged in, when one is among the parameters. */
  projectId?: number;
  /** The ids asked about, as 'kind:id'. */
  ids: string[];
}

interface Dim {
  name: string;
  where: 'path' | 'query';
  /** `undefined`: the key left out (an optional one). */
  values: (string | undefined)[];
  /** A project id dimension: its value is the place the answer is judged in. */
  project?: boolean;
  /** The kind of its ids, for an id parameter. */
  kind?: string;
}

export interface Route {
  key: string;
  path: string;
  endpoint?: Endpoint;
  /** A generic list of the schema registry: asked for its first hundred rows. */
  list: boolean;
  /** The registry entity of a generic route. */
  resource?: EntityDef;
  context: string;
}

/** The keys of a zod input: its object's keys, and the keys it asks for when given nothing. */
function inputKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const keys = new Set<string>();
  const visit = (s: unknown, depth: number) => {
    const def = (s as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def || depth > 6) return;
    const shape = (s as { shape?: Record<string, unknown> }).shape;
    if (shape) for (const k of Object.keys(shape)) keys.add(k);
    for (const inner of [def.in, def.out, def.innerType, def.schema]) visit(inner, depth + 1);
  };
  visit(schema, 0);
  const empty = schema.safeParse({});
  if (!empty.success) for (const issue of empty.error.issues) if (issue.path.length) keys.add(String(issue.path[0]));
  return [...keys];
}

/** Whether `schema` finds no fault at `key` in `value`. */
function fine(schema: z.ZodType | undefined, value: Record<string, unknown>, key: string): boolean {
  if (!schema) return true;
  const res = schema.safeParse(value);
  return res.success || !res.error.issues.some((i) => String(i.path[0]) === key);
}

function idKind(route: Route, name: string, where: 'path' | 'query', pools: IdPools): string | undefined {
  const row = route.endpoint?.row;
  if (row) {
    const from = row.from ?? { params: 'id' };
    if (Object.values(from)[0] === name) return pools.kindOf(row.entity);
  }
  if (route.resource && name === 'id')
    return pools.kindOf(route.resource.idPrefix?.replace(':', '') ?? route.resource.name);
  if (name !== 'id') {
    const kind = pools.kindOf(name);
    if (kind) return kind;
  }
  if (where === 'query') return undefined;
  // The fixed segments before the parameter, nearest first: '/conversations/:id' is a conversation.
  const before = route.path
    .slice(0, route.path.indexOf(`:${name}`))
    .split('/')
    .filter(Boolean)
    .reverse();
  for (const seg of before) {
    const kind = seg.startsWith(':') ? undefined : pools.kindOf(seg);
    if (kind) return kind;
  }
  return undefined;
}

function valuesOf(
  route: Route,
  name: string,
  where: 'path' | 'query',
  pools: IdPools,
  first: Record<string, number[]>,
  last: boolean,
): { values: (string | undefined)[]; kind?: string; ready: boolean } {
  const schema = where === 'path' ? route.endpoint?.input?.params : route.endpoint?.input?.query;
  if (ID_NAME.test(name)) {
    const kind = idKind(route, name, where, pools);
    const values = kind ? pools.values(kind, first[kind]).slice(0, MAX_VALUES[kind] ?? OTHER_VALUES) : [];
    if (values.length || !last) return { values, kind, ready: values.length > 0 };
    // A kind no answer showed: a few ids of every kind.
    return {
      values: [...pools.pools.keys()].flatMap((k) => pools.values(k, first[k]).slice(0, 1)).slice(0, OTHER_VALUES * 2),
      ready: true,
    };
  }
  if (where === 'query' && PAGE_KEYS.test(name))
    return { values: ['100', '50', '20'].filter((v) => fine(schema, { [name]: v }, name)).slice(0, 1), ready: true };
  if (!schema) return { values: ['1'], ready: true };
  const accepted = VALUE_SAMPLES.filter((v) => fine(schema, { [name]: v }, name));
  return { values: (accepted.length ? accepted : ['x']).slice(0, 8), ready: true };
}

/**
 * The ways to ask a route, and how many of them to ask: every value of every parameter in the first
 * ones (a diagonal), then the diagonal shifted (each candidate with another project), and so on.
 */
export function bindings(
  route: Route,
  pools: IdPools,
  first: Record<string, number[]>,
  perRoute: number,
  last: boolean,
): { list: Binding[]; bound: number; ready: boolean; kinds: number } {
  const dims: Dim[] = [];
  let aboutCandidates = false;
  let ready = true;
  for (const m of route.path.matchAll(/[:*]([A-Za-z0-9_]+)/g)) {
    const { values, kind, ready: known } = valuesOf(route, m[1], 'path', pools, first, last);
    ready &&= known;
    aboutCandidates ||= kind === 'candidate' || kind === 'project';
    dims.push({ name: m[1], where: 'path', values, project: kind === 'project', kind });
  }
  const query = route.endpoint?.input?.query;
  for (const key of inputKeys(query)) {
    const required = !fine(query, {}, key);
    if (!ID_NAME.test(key) && !required && !PAGE_KEYS.test(key)) continue;
    const { values, kind, ready: known } = valuesOf(route, key, 'query', pools, first, last);
    ready &&= known || (!required && last);
    aboutCandidates ||= kind === 'candidate' || kind === 'project';
    dims.push({
      name: key,
      where: 'query',
      values: required ? values : [...values, undefined],
      project: kind === 'project',
      kind,
    });
  }
  const bound = aboutCandidates ? perRoute : Math.ceil(perRoute / 4);
  const kinds = new Set(dims.map((d) => d.kind).filter(Boolean)).size;
  if (!ready || dims.some((d) => !d.values.length)) return { list: [], bound, ready, kinds };
  const combos: number[][] = [];
  const longest = Math.max(1, ...dims.map((d) => d.values.length));
  const diagonal = (shift: number) => {
    for (let i = 0; i < longest; i++) combos.push(dims.map((d, j) => (i + shift * j) % d.values.length));
  };
  diagonal(0);
  // Then ids met together in earlier answers (a candidate with the projects they were seen in).
  const idOf = (d: Dim, i: number) => `${d.kind}:${String(d.values[i]).replace(/^\D+/, '')}`;
  const ids = dims.map((d, j) => (d.kind ? j : -1)).filter((j) => j >= 0);
  if (ids.length > 1) {
    const [main, ...others] = ids;
    for (let i = 0; i < dims[main].values.length; i++) {
      const combo = dims.map((d, j) => (j === main ? i : i % d.values.length));
      let any = false;
      for (const j of others) {
        const k = dims[j].values.findIndex(
          (v, at) => v !== undefined && pools.met(idOf(dims[main], i), idOf(dims[j], at)),
        );
        if (k >= 0) [combo[j], any] = [k, true];
      }
      if (any) combos.push(combo);
    }
  }
  for (let shift = 1; combos.length < bound * 2 && shift < longest; shift++) diagonal(shift);
  const out = new Map<string, Binding>();
  for (const combo of combos) {
    let path = route.path;
    const q = new URLSearchParams(route.list ? { range: '[0,99]' } : {});
    let projectId: number | undefined;
    const asked: string[] = [];
    dims.forEach((d, i) => {
      const v = d.values[combo[i]];
      if (d.kind && v !== undefined) asked.push(idOf(d, combo[i]));
      if (d.project && v !== undefined) projectId = Number(v.replace(/^\D+/, ''));
      if (d.where === 'path') path = path.replace(new RegExp(`[:*]${d.name}\\b`), encodeURIComponent(v ?? 'x'));
      else if (v !== undefined) q.set(d.name, v);
    });
    const url = q.size ? `${path}?${q}` : path;
    if (!out.has(url)) out.set(url, { url, projectId, ids: asked });
  }
  return { list: [...out.values()], bound, ready, kinds };
}

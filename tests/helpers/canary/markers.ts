/**
 * Finding the canaries' markers in anything an answer carries: every string of a JSON answer at any
 * depth (values and keys, URLs and file names included), with its JSON path; the bytes of any other
 * answer (a PDF, a CV, a page); the headers that name files or places. And the ids an answer shows
 * ('Candidate:5', `projectId: 12`, a list's `id`s), which the crawl feeds to the next routes.
 */
import type { CanaryCandidate, State } from './world';

export type Kind = 'identity' | 'contact';

export interface Hit {
  state: State;
  kind: Kind;
  /** The marker's field: firstName, email, portfolio... */
  field: string;
  /** Where in the answer: `$.docs[3].fullName`, `$body`, `header content-disposition`. */
  path: string;
}

export interface MarkerIndex {
  find(text: string, path: string, out: Hit[]): void;
}

export function markerIndex(canaries: Record<State, CanaryCandidate>): MarkerIndex {
  const byMarker = new Map<string, Omit<Hit, 'path'>>();
  for (const c of Object.values(canaries))
    for (const kind of ['identity', 'contact'] as const)
      for (const [field, marker] of Object.entries(c.markers[kind]))
        byMarker.set(marker.toLowerCase(), { state: c.state, kind, field });
  const pattern = new RegExp([...byMarker.keys()].map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  return {
    find(text, path, out) {
      if (!text) return;
      for (const m of text.matchAll(pattern)) out.push({ ...byMarker.get(m[0].toLowerCase())!, path });
    },
  };
}

/** Every marker in a parsed JSON value, with the path of the string it is in. */
export function scanJson(index: MarkerIndex, value: unknown, out: Hit[], path = '$'): void {
  if (typeof value === 'string') index.find(value, path, out);
  else if (Array.isArray(value)) value.forEach((v, i) => scanJson(index, v, out, `${path}[${i}]`));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      index.find(k, `${path} (key ${k})`, out);
      scanJson(index, v, out, `${path}.${k}`);
    }
}

/** Ids by kind ('candidate', 'project', 'conversation'...), each kind with the prefix the API writes its ids with. */
export class IdPools {
  readonly pools = new Map<string, { prefix: string; ids: number[] }>();
  /** Ids met together: an id an answer showed, with the ids the request asked about ('candidate:5' → 'project:2'). */
  readonly related = new Map<string, Set<string>>();
  /** The ids the current harvest found, as 'kind:id'. */
  private found: string[] = [];

  /** A copy to fill a round's parameters from, while the round's answers add to this one. */
  snapshot(): IdPools {
    const copy = new IdPools();
    for (const [k, v] of this.pools) copy.pools.set(k, { prefix: v.prefix, ids: [...v.ids] });
    for (const [k, v] of this.related) copy.related.set(k, new Set(v));
    return copy;
  }

  /** Whether `a` and `b` ('kind:id') were met together. */
  met(a: string, b: string): boolean {
    return Boolean(this.related.get(a)?.has(b));
  }

  add(kind: string, id: number, prefix?: string): void {
    if (!Number.isInteger(id) || id <= 0 || id > 2147483647) return;
    const key = normKind(kind);
    if (!key) return;
    this.found.push(`${key}:${id}`);
    let pool = this.pools.get(key);
    if (!pool) this.pools.set(key, (pool = { prefix: '', ids: [] }));
    if (prefix) pool.prefix = prefix;
    if (!pool.ids.includes(id)) pool.ids.push(id);
  }

  /** The kind's ids as the API writes them, those named in `first` before the others. */
  values(kind: string, first: number[] = []): string[] {
    const pool = this.pools.get(kind);
    if (!pool) return [];
    const ordered = [...first.filter((id) => pool.ids.includes(id)), ...pool.ids.filter((id) => !first.includes(id))];
    return ordered.map((id) => `${pool.prefix}${id}`);
  }

  /** The kind a name stands for ('candidate_guid', 'aiMatch', 'sales-orders'), when ids of it were seen. */
  kindOf(name: string): string | undefined {
    const base = singularKind(name);
    if (!base) return undefined;
    if (this.pools.has(base)) return base;
    return [...this.pools.keys()].find((k) => k.startsWith(base) || base.startsWith(k));
  }

  /**
   * Gathers the ids of a JSON answer: prefixed ids anywhere, `xxxId` keys, and the `id`s of objects
   * in an answer about `context` (the route's last fixed segment: '/conversations' answers conversations).
   */
  harvest(value: unknown, context: string, askedAbout: string[] = []): void {
    this.found = [];
    this.collect(value, context);
    for (const id of this.found)
      for (const other of askedAbout) {
        if (id === other) continue;
        if (!this.related.has(id)) this.related.set(id, new Set());
        if (!this.related.has(other)) this.related.set(other, new Set());
        this.related.get(id)!.add(other);
        this.related.get(other)!.add(id);
      }
  }

  private collect(value: unknown, context: string): void {
    if (typeof value === 'string') {
      const m = /^([A-Z][A-Za-z]*):(\d{1,10})$/.exec(value);
      if (m) this.add(m[1], Number(m[2]), `${m[1]}:`);
    } else if (Array.isArray(value)) for (const v of value) this.collect(v, context);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        const asNumber = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
        if (!Number.isNaN(asNumber)) {
          const idKey = /^(.+?)(Id|_id)$/.exec(k);
          if (idKey) this.add(idKey[1], asNumber);
          else if (k === 'id' && context) this.add(context, asNumber);
        }
        this.collect(v, context);
      }
  }
}

/** 'InterviewRequest', 'interview-requests', 'interview_request' → 'interviewrequest'. */
export const normKind = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The kind a parameter or a path segment names: 'candidate_guid' and 'candidates' → 'candidate'. */
export const singularKind = (name: string) =>
  normKind(
    name
      .replace(/(Id|_id|Guid|_guid|Ids|_ids)$/, '')
      .replace(/ies$/, 'y')
      .replace(/s$/, ''),
  );

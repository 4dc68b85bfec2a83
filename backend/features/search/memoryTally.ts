/**
 * How many live documents of each status hold each facet value and fall in each notice bucket, kept
 * true as documents are written and dropped (memory.ts), so that the facets of a set no filter
 * narrows (a company's every visible candidate, the set without a search's only filter) are exact
 * counts read from a few small tables rather than estimated from a spread of hundreds of thousands.
 */
import { FACET_STEP } from './conditions';
import { NONE } from './memoryParse';

/** A notice period's bucket (0 immediate, 1 to 3 months), or -1 without one: NOTICE_BUCKET_SQL's rule. */
export function bucketOf(type: number, months: number, date: number, today: number): number {
  switch (type) {
    case 0:
      return 0;
    case 1:
      return Math.min(Math.max(months === NONE ? 0 : months, 0), 3);
    case 2:
      // As in SQL, where greatest() passes over the null of a missing date.
      if (date === NONE) return 0;
      return Math.min(Math.max(Math.ceil((date - today) / 30.44), 0), 3);
    default:
      return -1;
  }
}

/** One status's counts: per dimension code, per option id; notice buckets that do not move with the date, and notice dates. */
interface StatusCounts {
  options: Int32Array[];
  buckets: Int32Array;
  dates: Map<number, number>;
}

/** What one document contributes. */
export interface Contribution {
  status: number;
  values: Int32Array;
  noticeType: number;
  noticeMonths: number;
  noticeDate: number;
}

export class StatusTally {
  private byStatus = new Map<number, StatusCounts>();

  reset(): void {
    this.byStatus = new Map();
  }

  /** Adds a document's contribution (`sign` 1) or takes it away (-1). */
  count(doc: Contribution, sign: 1 | -1): void {
    let counts = this.byStatus.get(doc.status);
    if (!counts) {
      counts = { options: [], buckets: new Int32Array(4), dates: new Map() };
      this.byStatus.set(doc.status, counts);
    }
    for (let i = 0; i < doc.values.length; i += 1) {
      const code = Math.floor(doc.values[i] / FACET_STEP);
      const option = doc.values[i] - code * FACET_STEP;
      let list = counts.options[code];
      if (!list || option >= list.length) {
        const next = new Int32Array(Math.max(option + 1, Math.ceil((list?.length ?? 0) * 1.5), 64));
        if (list) next.set(list);
        list = counts.options[code] = next;
      }
      list[option] += sign;
    }
    if (doc.noticeType === 2 && doc.noticeDate !== NONE) {
      const n = (counts.dates.get(doc.noticeDate) ?? 0) + sign;
      if (n) counts.dates.set(doc.noticeDate, n);
      else counts.dates.delete(doc.noticeDate);
    } else {
      const bucket = bucketOf(doc.noticeType, doc.noticeMonths, NONE, 0);
      if (bucket >= 0) counts.buckets[bucket] += sign;
    }
  }

  /** The counts of the documents of any of `statuses` (every status when undefined) for each dimension code of `codes` (`notice` the notice buckets' code), by option id. */
  counts(statuses: number[] | undefined, codes: number[], notice: number, today: number): Map<number, Map<number, number>> {
    const out = new Map<number, Map<number, number>>();
    for (const code of codes) {
      const kept = new Map<number, number>();
      for (const status of statuses ?? this.byStatus.keys()) {
        const counts = this.byStatus.get(status);
        if (!counts) continue;
        if (code === notice) {
          counts.buckets.forEach((n, bucket) => n && kept.set(bucket, (kept.get(bucket) ?? 0) + n));
          for (const [date, n] of counts.dates) {
            const bucket = bucketOf(2, NONE, date, today);
            kept.set(bucket, (kept.get(bucket) ?? 0) + n);
          }
          continue;
        }
        const list = counts.options[code];
        if (list) for (let option = 0; option < list.length; option += 1) if (list[option]) kept.set(option, (kept.get(option) ?? 0) + list[option]);
      }
      out.set(code, kept);
    }
    return out;
  }
}

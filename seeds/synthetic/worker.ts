/**
 * A generator thread: makes candidates chunk by chunk and hands back COPY text for the candidates,
 * experience and education tables, one chunk each time the writer asks. The threads take the run's
 * chunks in turn (thread w makes chunks w, w + n, w + 2n, ...), so the writer, asking them in turn,
 * writes the candidates in id order: the order they signed up in.
 * Each candidate goes through the validator's normalisation (validatedCandidate, candidateRules) so stored rows look exactly like the API's; lookup ids come from the database,
 * so the reference check is left out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { entity } from '../../schema';
import { copyColumns, encodeRow, storedFields, validatedCandidate } from '../../backend/features/talent/bulk';
import { candidateRules, experienceRules, type Today } from '../../schema/rules/candidate';
import { makeCandidate, rngFrom, SIGN_UP_FIELDS, signedUpAt } from './candidateFactory';
import type { Pools } from './pools';

export interface WorkerInput {
  pools: Pools;
  /** The run's first id. */
  firstId: number;
  /** This thread's place among the `workers` threads. */
  worker: number;
  workers: number;
  chunk: number;
  seed: number;
  today: Today;
  emailDomain: string;
  /** The whole run's last id and size, and its clock, for the sign-up dates (signedUpAt). */
  lastId: number;
  total: number;
  now: number;
}

export interface Chunk {
  /** The chunk's first id; its candidates have the `count` ids from it on. */
  first: number;
  candidates: string;
  experiences: string;
  educations: string;
  count: number;
}

const input = workerData as WorkerInput;
const candidate = entity('candidate');
const experience = entity('candidateExperience');
const education = entity('candidateEducation');
const candidateColumns = copyColumns(candidate, [...storedFields(candidate), ...SIGN_UP_FIELDS], true);
const now = new Date(input.now);
const expColumns = copyColumns(experience, storedFields(experience));
const eduColumns = copyColumns(education, storedFields(education));
const rng = rngFrom(input.seed);

let chunkAt = input.worker;

function makeChunk(): Chunk | null {
  const first = input.firstId + chunkAt * input.chunk;
  if (first > input.lastId) return null;
  chunkAt += input.workers;
  let candidates = '';
  let experiences = '';
  let educations = '';
  let count = 0;
  for (let id = first; count < input.chunk && id <= input.lastId; count += 1, id += 1) {
    const raw = makeCandidate(rng, input.pools, id, { emailDomain: input.emailDomain, today: input.today.date });
    const { data, children } = validatedCandidate(raw);
    const errors = candidateRules(data, {}, input.today);
    if (Object.keys(errors).length)
      throw new Error(`generated candidate ${id} breaks the rules: ${JSON.stringify(errors)}`);
    candidates += encodeRow(data, candidateColumns, {
      id,
      createdAt: signedUpAt(id, input.lastId, input.total, input.now),
      updatedAt: now,
    });
    for (const { name, items } of children) {
      for (const item of items) {
        if (name === 'experiences') {
          experienceRules(item, {}, input.today);
          experiences += encodeRow(item, expColumns, { candidateId: id });
        } else educations += encodeRow(item, eduColumns, { candidateId: id });
      }
    }
  }
  return { first, candidates, experiences, educations, count };
}

parentPort?.on('message', (message: 'next') => {
  if (message !== 'next') return;
  parentPort?.postMessage(makeChunk());
});

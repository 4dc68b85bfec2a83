/**
 * The CV reading thread: text out of the file within the limits, then the draft profile. It keeps
 * the last lookups it was sent, so they cross threads once per load, not once per CV. The
 * request thread (readCv.ts) stops it when it runs out of time or memory.
 */
import { parentPort } from 'node:worker_threads';
import { CvTooLarge, CvUnreadable } from './docx';
import { cvText } from './extractText';
import { parseCv, type CvLookups } from './parseCv';
import type { ReadAnswer, ReadRequest } from './readCv';

let lookups: CvLookups | undefined;

parentPort?.on('message', async (message: ReadRequest) => {
  if (message.lookups) lookups = message.lookups;
  let answer: ReadAnswer;
  try {
    if (!lookups || lookups.version !== message.lookupsVersion) throw new Error('lookups missing');
    const { text, truncated } = await cvText(
      Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength),
      message.type,
      message.limits,
    );
    answer = { id: message.id, ok: true, text, truncated, draft: parseCv(text, lookups) };
  } catch (err) {
    answer = {
      id: message.id,
      ok: false,
      reason: err instanceof CvTooLarge ? 'tooComplex' : err instanceof CvUnreadable ? 'unreadable' : 'failed',
      detail: err instanceof Error ? err.message : String(err),
    };
  }
  parentPort?.postMessage(answer);
});

parentPort?.postMessage({ ready: true });

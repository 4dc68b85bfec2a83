/**
 * The CV reading thread: text out of the file within the limits, then the draft profile, and when asked the file
 * scrubbed of its metadata (scrub.ts). It keeps the last lookups it was sent, so they cross threads once per load,
 * not once per CV. The request thread (readCv.ts) stops it when it runs out of time or memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cvText } from './extractText';
import { parseCv, type CvLookups } from './parseCv';
import { failureOf } from './activeContent';
import type { ReadAnswer, ReadRequest } from './readCv';

let lookups: CvLookups | undefined;

/**
 * The heap limit the thread was started with does not cover buffers (ArrayBuffers live outside V8's heap), and a PDF
 * of a few kilobytes can ask pdf.js to unpack gigabytes into them: a stream of compressed spaces, listed many times as
 * a page's contents. While a CV is read, the buffers held are checked every few milliseconds; past the same limit
 * the thread ends itself, and the request thread refuses the CV as too complex (readCv.ts).
 */
const BUFFER_LIMIT = ((workerData as { memoryMb?: number } | undefined)?.memoryMb ?? 192) * 1024 * 1024;
const BUFFER_CHECK_MS = 5;

function watchBuffers(): NodeJS.Timeout {
  return setInterval(() => {
    if (process.memoryUsage().arrayBuffers > BUFFER_LIMIT) process.exit(1);
  }, BUFFER_CHECK_MS);
}

parentPort?.on('message', async (message: ReadRequest) => {
  if (message.lookups) lookups = message.lookups;
  let answer: ReadAnswer;
  const watch = watchBuffers();
  try {
    if (!lookups || lookups.version !== message.lookupsVersion) throw new Error('lookups missing');
    const data = Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength);
    const { text, truncated } = await cvText(data, message.type, message.limits);
    // pdf-lib is loaded the first time a file is to be scrubbed: a thread that only reads starts as fast as before.
    const scrubDocument = message.scrub ? (await import('./scrub')).scrubDocument : undefined;
    const scrubbed = scrubDocument
      ? new Uint8Array(await scrubDocument(data, message.type, message.limits))
      : undefined;
    answer = { id: message.id, ok: true, text, truncated, draft: parseCv(text, lookups), scrubbed };
  } catch (err) {
    answer = {
      id: message.id,
      ok: false,
      reason: failureOf(err),
      detail: err instanceof Error ? err.message : String(err),
    };
  } finally {
    clearInterval(watch);
  }
  parentPort?.postMessage(answer);
});

parentPort?.postMessage({ ready: true });

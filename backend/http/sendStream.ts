/**
 * The one way a route sends a stored file's stream as its answer. Built on `stream.pipeline`, so the source (a file
 * handle on local disk, an S3 response holding one of the client's pooled sockets) is destroyed whatever ends the
 * answer: sent whole, the client gone (a download abandoned, a page left), or a read failing. A plain
 * `source.pipe(res)` only pauses the source when the client goes: the file handle or the S3 socket stays held for
 * good, and enough abandoned downloads leave every later storage call waiting.
 *
 * Resolves once the answer is sent, or quietly once the client went away (nothing failed here); rejects with a read
 * error of the source, which the caller passes on (the error envelope logs it; the half-sent answer is cut off, so
 * the client sees an incomplete download rather than a complete one).
 */
import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export async function sendStream(res: Response, source: Readable): Promise<void> {
  // Listened to before the pipeline is: the answer closing unfinished while the source is still whole means the
  // client went away (when the source fails, the pipeline has destroyed it before it closes the answer).
  let clientGone = false;
  res.once('close', () => {
    clientGone = !res.writableFinished && !source.destroyed;
  });
  try {
    await pipeline(source, res);
  } catch (err) {
    if (clientGone) return; // nothing failed here, and the source is destroyed
    throw err;
  }
}

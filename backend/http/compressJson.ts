/**
 * API answers in JSON travel compressed (the `compression` middleware): brotli at quality 4 where the client
 * accepts it, as browsers do, else gzip at level 1, which costs the server no more than sending the bytes as
 * they are. A search page's answer is about 40 KB of JSON and a fifth of that compressed: on a phone's link the
 * first screen waits on those bytes beside the page's code. Files (CVs, exports, PDFs) pass as they are: most
 * are compressed already, and a download keeps its length. Answers under 1 KB are sent as they are.
 */
import compression from 'compression';
import type { RequestHandler } from 'express';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

export const compressJson: RequestHandler = compression({
  threshold: 1024,
  level: 1,
  filter: (req, res) => JSON_TYPE.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
});

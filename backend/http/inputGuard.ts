/**
 * The request-level input check every route inherits, run before any route sees a request:
 * text must be valid Unicode without NUL (PostgreSQL refuses NUL in text, and a lone surrogate
 * would be stored as U+FFFD, changed on the way in), object keys must not be prototype names,
 * nesting stays shallow, and bodies are JSON objects or multipart forms. The same walk checks the
 * JSON bodies, every query value (JSON-shaped ones such as simple-rest's `filter` included, once
 * parsed), path segments and multipart text parts. Each problem is a field error in the one
 * envelope, e.g. {"name": "name.errors.invalidText"}. JSON.parse makes a "__proto__" key an own
 * property, never the object's prototype; refusing such keys here means no route ever merges
 * one into another object, where assignment would reach Object.prototype.
 */
import express, { type Request, type RequestHandler } from 'express';
import { isUtf8 } from 'node:buffer';
import { messageKey } from '../../schema/validation/issues';
import { AppError, badRequest, type FieldErrors } from '../errors';

/** Keys that reach Object.prototype or a constructor when an object is merged or assigned. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Deeper than any payload of the product (a candidate's experiences are three levels down). */
export const MAX_DEPTH = 32;

// String.prototype.isWellFormed (Node 20) is newer than the TypeScript library this project targets.
const wellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Whether `s` is text PostgreSQL stores unchanged: well-formed UTF-16 (no lone surrogate) without NUL. */
export const isCleanText = (s: string): boolean => !s.includes('\0') && wellFormed(s);

type Path = readonly (string | number)[];

const fieldOf = (path: Path) => path.map(String).join('.');

function report(errors: FieldErrors, path: Path, rule: string): void {
  const field = fieldOf(path) || 'body';
  if (Object.hasOwn(errors, field)) return;
  // Defined, not assigned: a field named '__proto__' must become a key, not the object's prototype.
  Object.defineProperty(errors, field, {
    value: messageKey(path.length ? path : ['body'], rule),
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * Collects the problems of a parsed value into `errors`, under `path`. Iterative: a deeply nested
 * value must not overflow the stack of the check meant to refuse it.
 */
export function collectProblems(value: unknown, path: Path, errors: FieldErrors): void {
  const stack: [unknown, Path][] = [[value, path]];
  while (stack.length) {
    const [item, at] = stack.pop() as [unknown, Path];
    if (typeof item === 'string') {
      if (!isCleanText(item)) report(errors, at, 'invalidText');
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (at.length - path.length >= MAX_DEPTH) {
      report(errors, at.slice(0, path.length + 1), 'tooDeep');
      continue;
    }
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push([item[i], [...at, i]]);
      continue;
    }
    for (const key of Object.keys(item)) {
      if (PROTOTYPE_KEYS.has(key)) report(errors, [...at, key], 'notAllowedKey');
      else if (!isCleanText(key)) report(errors, [...at, 'key'], 'invalidText');
      else stack.push([(item as Record<string, unknown>)[key], [...at, key]]);
    }
  }
}

/** Throws the 400 of the envelope when `value` has a problem. */
export function assertCleanInput(value: unknown, path: Path = []): void {
  const errors: FieldErrors = {};
  collectProblems(value, path, errors);
  if (Object.keys(errors).length) throw badRequest(errors);
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** A query value that looks like JSON is checked as the value a route will parse from it. */
function parsedJson(value: string): unknown {
  const first = value.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * The raw query string, decoded strictly: Express's parser turns a malformed escape such as %FF
 * into U+FFFD, which would change the text on the way in instead of refusing it.
 */
function queryProblems(url: string, errors: FieldErrors): void {
  const at = url.indexOf('?');
  if (at < 0) return;
  for (const pair of url.slice(at + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const key = decode(rawKey);
    if (key === undefined || !isCleanText(key)) {
      report(errors, ['query'], 'invalidText');
      continue;
    }
    if (PROTOTYPE_KEYS.has(key)) {
      report(errors, [key], 'notAllowedKey');
      continue;
    }
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    if (value === undefined || !isCleanText(value)) report(errors, [key], 'invalidText');
    else collectProblems(parsedJson(value), [key], errors);
  }
}

/** Path segments decoded strictly; a NUL or a malformed escape names nothing and is refused as 'path'. */
function pathProblems(req: Request, errors: FieldErrors): void {
  const url = req.originalUrl;
  const rawPath = url.slice(0, url.indexOf('?') < 0 ? url.length : url.indexOf('?'));
  for (const segment of rawPath.split('/')) {
    const decoded = decode(segment.replace(/\+/g, '%2B'));
    if (decoded === undefined || !isCleanText(decoded)) {
      report(errors, ['path'], 'invalidText');
      return;
    }
  }
}

/** Path and query of every request, before any route. */
export const guardUrl: RequestHandler = (req, _res, next) => {
  const errors: FieldErrors = {};
  pathProblems(req, errors);
  queryProblems(req.originalUrl, errors);
  if (Object.keys(errors).length) return next(badRequest(errors));
  next();
};

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * API bodies are JSON objects or multipart forms; anything else (text, urlencoded forms, XML) is
 * 415, so a route never mistakes a body it did not parse for an empty one.
 */
export const guardBodyType: RequestHandler = (req, _res, next) => {
  if (!hasBody(req) || req.is('application/json') || req.is('multipart/form-data')) return next();
  if ((req as { oneClick?: boolean }).oneClick) return next();
  next(new AppError(415, 'errors.unsupportedMediaType'));
};

const parseForm = express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 4 });

/**
 * The one form body the API takes, on the links an email names in its List-Unsubscribe header:
 * `List-Unsubscribe=One-Click`, which a mail program POSTs for a one-click unsubscribe (RFC 8058).
 * Any other form body there is still 415 (guardBodyType, mounted after this).
 */
export const oneClickForm: RequestHandler = (req, res, next) => {
  if (!hasBody(req) || !req.is('application/x-www-form-urlencoded')) return next();
  parseForm(req, res, (err?: unknown) => {
    if (err) return next(new AppError(415, 'errors.unsupportedMediaType'));
    const body = req.body as Record<string, unknown>;
    if (Object.keys(body).length === 1 && body['List-Unsubscribe'] === 'One-Click') {
      (req as { oneClick?: boolean }).oneClick = true;
      req.body = {};
    }
    next();
  });
};

/** JSON bodies: valid UTF-8 bytes (checked by the parser's verify hook) and a clean parsed value. */
export function verifyUtf8(req: unknown, _res: unknown, buffer: Buffer): void {
  if (!isUtf8(buffer)) throw badRequest({ body: 'body.errors.invalidText' });
  // Signed notifications (payment webhooks) are verified on the exact bytes received.
  (req as { rawBody?: Buffer }).rawBody = buffer;
}

/** After the JSON parser: the body is an object and every text and key in it is clean. */
export const guardBody: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json') || req.body === undefined) return next();
  if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))
    return next(badRequest({ body: 'body.errors.notAnObject' }));
  try {
    assertCleanInput(req.body);
  } catch (err) {
    return next(err);
  }
  next();
};

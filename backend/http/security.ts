/**
 * Browser security headers (helmet). Pages (the console, the portal, the development mailbox) get
 * a Content-Security-Policy that runs only our own scripts (Vite's built modules), so an injected
 * inline script or event handler does not run, and no other site may frame them. Styles may be
 * inline: MUI's emotion writes <style> tags at run time, and a style cannot run script.
 * Everything under /api and /uploads is data, never a page: it gets a policy that allows nothing
 * and sandboxes the document, so even a file that claims to be HTML or SVG cannot run script on
 * our origin.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';

/** The policy of data responses (API answers, uploaded files, downloads). */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export function pageHeaders(config: Config): RequestHandler {
  const production = config.env === 'production';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Local development runs over plain http; upgrading would break it.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    // Full referrer within the site, none to other sites: emailed links carry tokens in their URL.
    // ('no-referrer' would make browsers send `Origin: null` on our own POSTs.)
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    // Sign-in with Google or LinkedIn is a redirect, never a popup: the opener can be cut.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/** Data responses: nothing in them may run, render as a page or be framed. */
export const dataHeaders: RequestHandler = (_req, res, next) => {
  res.set('Content-Security-Policy', DATA_POLICY);
  next();
};

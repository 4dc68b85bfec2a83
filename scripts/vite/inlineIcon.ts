/**
 * The page's SVG icon is written into the HTML as a data URL at build time, from the one file that draws it
 * (`public/favicon.svg`, still served at /favicon.svg). Fetched, the icon would take one of the six connections a
 * phone's browser opens to the host while the page's code and first calls wait for one. index.html names the file
 * (`<link rel="icon" type="image/svg+xml" href="/favicon.svg">`); the plugin replaces that address.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ICON_LINK = /(<link\b[^>]*\brel="icon"[^>]*\bhref=")\/favicon\.svg(")/;

/** An SVG as a `data:` URL, escaped only where a URL or an HTML attribute needs it. */
export function svgDataUrl(svg: string): string {
  const escaped = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#<>"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `data:image/svg+xml,${escaped}`;
}

export function inlineIcon(publicDir: string): Plugin {
  return {
    name: 'inline-icon',
    transformIndexHtml(html) {
      if (!ICON_LINK.test(html)) return html;
      const url = svgDataUrl(readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8'));
      return html.replace(ICON_LINK, (_all, before: string, after: string) => `${before}${url}${after}`);
    },
  };
}

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { inlineIcon, svgDataUrl } from './inlineIcon';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" fill="#1d4ed8"/></svg>\n';
const transform = (plugin: ReturnType<typeof inlineIcon>, html: string) =>
  (plugin.transformIndexHtml as (html: string) => string)(html);

describe('The icon written into the page', () => {
  it('replaces the icon link to /favicon.svg with the file as a data URL that decodes back to it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'icon-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'favicon.svg'), SVG);
    const html = '<head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>T</title></head>';
    const out = transform(inlineIcon(dir), html);
    const href = /href="([^"]*)"/.exec(out)?.[1] as string;
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(href).not.toMatch(/[<>"#]/);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(SVG.trim());
    expect(out).toContain('<title>T</title>');
  });

  it("leaves a page that names no such icon as it is, and the portal's own page names it", () => {
    const html = '<head><link rel="stylesheet" href="/favicon.svg" /></head>';
    expect(transform(inlineIcon('/nowhere'), html)).toBe(html);
    const portal = readFileSync(path.join(import.meta.dirname, '../../portal/index.html'), 'utf8');
    expect(portal).toMatch(/<link\b[^>]*rel="icon"[^>]*href="\/favicon\.svg"/);
    expect(svgDataUrl('<svg a="1%"/>')).toBe('data:image/svg+xml,%3Csvg a=%221%25%22/%3E');
  });
});

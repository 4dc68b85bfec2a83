/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) twin beside every built text asset, as a CDN
 * would keep them: the server then answers `Accept-Encoding` with a file read from disk instead of compressing
 * on each request (backend/http/staticAssets.ts). Both are made at build time at the highest level, where the
 * cost is paid once.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;
/** Below this a compressed twin saves less than its headers cost. */
const MIN_BYTES = 512;

export function brotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

export function gzip(data: Buffer): Buffer {
  return gzipSync(data, { level: 9 });
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'talentbase:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotli(data));
        writeFileSync(`${file}.gz`, gzip(data));
      }
    },
  };
}

import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { permissionTableSource, TABLE_FILE } from '../scripts/portalPermissions';
import { openingChunks } from '../scripts/vite/openingChunks';
import { compileHints } from '../scripts/vite/compileHints';
import { inlineIcon } from '../scripts/vite/inlineIcon';
import { esmAliases } from '../scripts/vite/esmAliases';
import { precompress } from '../scripts/vite/precompress';

// Group priorities are whole numbers (the bundler reads 1.5 and 1.6 as one priority): the opening pages' groups take
// 10 to 14, between the shell's and the other pages' MUI groups.
const opening = openingChunks(import.meta.dirname, 10);

// The hand-built portal for companies, candidates and admins' search and pipeline work, served at /.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  resolve: { alias: esmAliases },
  plugins: [
    react(),
    precompress(),
    inlineIcon(path.join(import.meta.dirname, 'public')),
    opening.plugin,
    // Every chunk compiled off the main thread as it downloads (scripts/vite/compileHints.ts).
    compileHints(),
    // The route guards' permission table is built from the one ability as it is at build time, whatever the file
    // says (its test tells when the file lags).
    { name: 'permission-table', load: (id) => (id === TABLE_FILE ? permissionTableSource() : undefined) },
  ],
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/portal'),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        // Few requests on the way to a page. Over HTTP/1.1 a browser opens six connections to a host, so forty small
        // chunks arrive in waves, each a round trip later than the one before. Everything the shell needs is one
        // file (the entry); the pages visits open on (index.html's openings) get three files each: the page, its own
        // parts and what those pages share (scripts/vite/openingChunks.ts); the MUI components the other pages
        // share are grouped by the set of pages that use them, small sets merged into a neighbour.
        codeSplitting: {
          groups: [
            // The texts (i18n) are a file of their own beside the entry: announced with it, they download on a
            // connection of their own and are compiled apart from the shell's script, a fifth smaller for it.
            { name: 'texts', test: /[\\/]i18n[\\/]/, priority: 30 },
            { name: 'shell', tags: ['$initial'], priority: 20 },
            ...opening.groups,
            {
              name: 'ui',
              test: /node_modules[\\/](@mui[\\/](material|system|utils|icons-material|styled-engine|private-theming)|@emotion|@popperjs|react-transition-group|stylis)[\\/]/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 30_000,
            },
          ],
        },
        // A group's chunk is named after every page that shares it; the file takes the group's name only.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});

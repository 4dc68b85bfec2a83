import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite/precompress';

// The hand-built portal for companies, candidates and admins' search and pipeline work, served at /.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/portal'),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 4000,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});

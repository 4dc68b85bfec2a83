import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { esmAliases } from '../scripts/vite/esmAliases';
import { precompress } from '../scripts/vite/precompress';

// The react-admin console, served by the backend under /admin.
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  resolve: { alias: esmAliases },
  plugins: [react(), precompress()],
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/admin'),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 4000,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});

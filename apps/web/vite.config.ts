/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    // The API, the sign-on stand-in and the dev mailbox live in apps/server; the cookie it sets is
    // host-only, so going through the proxy keeps it readable by the portal on the same origin.
    proxy: { '/api': SERVER, '/sso': SERVER, '/dev': SERVER },
  },
  build: {
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to name each route's lazy chunks as module preloads.
    manifest: true,
    // The pdf.js worker is large and only used by the lazily loaded terms viewer.
    chunkSizeWarningLimit: 1200,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});

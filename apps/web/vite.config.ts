/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    // The API, the sign-on stand-in and the dev mailbox live in apps/server; the cookie it sets is
    // host-only, so going through the proxy keeps it readable by the portal on the same origin.
    proxy: { '/api': SERVER, '/sso': SERVER, '/dev': SERVER },
  },
  // `vite build --ssr src/app/prerender.tsx`: the visitor home's renderer for the server, in one
  // self-contained bundle (React, the router and Mantine included) under dist/.ssr, which is not served.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', copyPublicDir: false, sourcemap: false, chunkSizeWarningLimit: 1200 }
    : {
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
    // Rendering Mantine pages in jsdom and typing into them takes seconds on a busy 2-core machine.
    testTimeout: 15_000,
  },
}));

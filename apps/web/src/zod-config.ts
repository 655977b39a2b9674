import { z } from 'zod';

// Imported first by main.tsx, so it runs before any module builds or parses a schema: zod 4
// otherwise probes `new Function` for its fast path, which the strict CSP (no 'unsafe-eval') blocks.
z.config({ jitless: true });

import { z } from 'zod/mini';

// Zod probes for `new Function` when it builds an object schema, to compile faster validators.
// The CSP allows no eval, so each probe would be reported as a violation: its interpreted path
// validates the same. Imported first by main.tsx, before any schema is built.
z.config({ jitless: true });

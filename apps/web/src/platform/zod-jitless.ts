import { z } from 'zod';

/**
 * The page runs under a Content-Security-Policy without 'unsafe-eval' (server
 * http/security-headers.ts). zod 4 compiles fast object parsers with `new Function` and probes
 * for it on the first parse; the probe is caught, but Chromium still reports it as a policy
 * violation on every page. Parsing without the compiled parsers stays inside the policy; the
 * responses the app parses are small enough that the difference does not show.
 *
 * Imported first by main.tsx, before any module could parse.
 */
z.config({ jitless: true });

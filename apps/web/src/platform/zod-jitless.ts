/**
 * The page runs under a Content-Security-Policy without 'unsafe-eval' (server
 * http/security-headers.ts). zod 4 compiles fast object parsers with `new Function` and probes
 * for it on the first parse; the probe is caught, but Chromium still reports it as a policy
 * violation on every page. Parsing without the compiled parsers stays inside the policy; the
 * responses the app parses are small enough that the difference does not show.
 *
 * zod keeps its configuration in `globalThis.__zod_globalConfig` (one object for every copy of zod
 * loaded, zod PR #5889) and reads `jitless` when a schema is built. Setting it there is
 * `z.config({ jitless: true })` without importing zod, which would bring zod's core (about 5 KB
 * gzip) into the entry chunk; zod loads with the contract, after the first paint.
 * zod-jitless.test.ts holds that zod sees the setting.
 *
 * Imported first by main.tsx, before any module could build a schema.
 */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

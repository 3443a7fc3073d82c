/**
 * Imported first by the member site's and the back-office's main.tsx, for its effect: zod decides
 * whether to compile an object schema when the schema is created, so this runs before any module of
 * the contract (it imports nothing itself). zod compiles object schemas with `new Function` when it
 * can, and finds out by trying once: under the sites' strict CSP (no 'unsafe-eval') that try is
 * refused and reported as a CSP violation, even though zod catches it. Interpreted parsing is what
 * the browser ends up with anyway; saying so skips the try.
 *
 * The setting goes straight into the object `z.config()` writes to (zod 4 keeps it on
 * `globalThis.__zod_globalConfig` and adopts one that exists): importing zod's config function would
 * put 4 KB of zod's core in the home page's entry chunk, which has no other use for zod. zod is
 * pinned; should it stop reading that object, e2e/csp.spec.ts sees the violation come back.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

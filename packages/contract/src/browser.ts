// Only zod's core config: this module is imported first by the sites' entry points, before the home
// page's chunk has any other use for zod, so it must not pull the schema library into that chunk.
import { config } from 'zod/v4/core';

/**
 * For the member site and the back-office, before the first schema is created (zod decides when it
 * builds an object schema, so this comes before the contract's other modules: `@lotus/contract/browser`
 * imports nothing else). zod compiles object schemas
 * with `new Function` when it can, and finds out by trying once: under the sites' strict CSP (no
 * 'unsafe-eval') that try is refused and reported as a CSP violation, even though zod catches it.
 * Interpreted parsing is what the browser ends up with anyway; saying so skips the try.
 */
export function disableSchemaCompilation(): void {
  config({ jitless: true });
}

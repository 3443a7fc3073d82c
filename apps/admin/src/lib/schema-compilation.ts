// Imported first by main.tsx: zod decides whether to compile a schema when the schema is created,
// so this must run before any module of @lotus/contract is evaluated.
import { disableSchemaCompilation } from '@lotus/contract/browser';

disableSchemaCompilation();

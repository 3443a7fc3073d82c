import * as m0001 from './0001_core.ts';
import * as m0002 from './0002_site.ts';

/** Every migration, in order. Listed statically so the bundled server carries them. Never edit a landed one. */
export const migrations = {
  '0001_core': m0001,
  '0002_site': m0002,
};

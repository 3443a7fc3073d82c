export * from './envelope.ts';
export * from './errors.ts';
export * from './paths.ts';
export * from './site.ts';

export * from './envelope.ts';
export * from './errors.ts';
export * from './messaging.ts';
export * from './identity.ts';
export * from './paths.ts';
export * from './sealed.ts';
export * from './site.ts';
export * from './verification.ts';

/**
 * The one way both apps name cached data: a feature's keys start with its scope, so invalidating
 * `keys.all` reaches every query of the feature and nothing else.
 *
 *   const depositKeys = queryKeys('deposits');
 *   depositKeys.all                          // ['deposits']
 *   depositKeys.of('detail', token, id)      // ['deposits', 'detail', token, id]
 */
export function queryKeys<const Scope extends string>(scope: Scope) {
  return {
    all: [scope] as const,
    of: <const Parts extends readonly unknown[]>(...parts: Parts) => [scope, ...parts] as const,
  };
}

/**
 * A server refusal that names a field (the error envelope's `field`, e.g. a wrong old password) belongs
 * under that field of the form, not in the form's general error. Both apps' forms hand a failed call
 * here with their react-hook-form `setError` (any function of that shape works: this file depends on
 * neither React nor zod, so it costs the pages that do not show a form nothing).
 *
 * `fields` names the form's fields that may carry a refusal: a list when the form names its inputs as
 * the request does, or a map from the server's name to the form's when they differ. Returns whether
 * the refusal was placed; when it was not, the form shows it as its general error as before.
 */
export function setRefusalFieldError<Name extends string>(
  error: unknown,
  setError: (name: Name, error: { type: string; message: string }) => void,
  fields: readonly Name[] | Readonly<Partial<Record<string, Name>>>,
): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { field, message } = error as { field?: unknown; message?: unknown };
  if (typeof field !== 'string' || typeof message !== 'string') return false;
  const name = isNameList(fields) ? fields.find((candidate) => candidate === field) : fields[field];
  if (name === undefined) return false;
  setError(name, { type: 'server', message });
  return true;
}

function isNameList<Name extends string>(
  fields: readonly Name[] | Readonly<Partial<Record<string, Name>>>,
): fields is readonly Name[] {
  return Array.isArray(fields);
}

/** The browser's datetime-local text of an instant ('' for none), and back (null for ''). */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(text: string): number | null {
  if (text === '') return null;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? null : ms;
}

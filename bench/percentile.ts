/** The value below which `fraction` of the sorted samples fall (nearest rank); 0 without samples. */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

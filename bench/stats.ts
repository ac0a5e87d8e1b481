/** Small statistics helpers shared by the benchmark scripts. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

export const median = (values: readonly number[]) => quantile(values, 0.5);
export const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
export const fixed = (x: number, digits = 1) => x.toFixed(digits);

// The shape of one benchmark figure and the table the bench prints.
export interface BenchFigure {
  name: string;
  unit: string;
  /** Median of the measured case. */
  value: number;
  /** Median of the baseline measured in the same run. */
  baseline: number;
  ratio: number;
  samples: number;
  target?: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Whole numbers, but a tenth under 10 (a 0.5 ms query is not "0 ms"; its ratio is worked from the unrounded figures). */
function amount(value: number): string {
  return Math.abs(value) < 10 ? value.toFixed(1) : value.toFixed(0);
}

export function formatTable(figures: readonly BenchFigure[]): string {
  const rows = figures.map((figure) => [
    figure.name,
    `${amount(figure.value)} ${figure.unit}`,
    `${amount(figure.baseline)} ${figure.unit}`,
    `${figure.ratio.toFixed(2)}×`,
    figure.target ?? '',
    String(figure.samples),
  ]);
  const header = ['case', 'median', 'baseline (same run)', 'ratio', 'target', 'runs'];
  const lines = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`);
  return lines.join('\n');
}

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

export function formatTable(figures: readonly BenchFigure[]): string {
  const rows = figures.map((figure) => [
    figure.name,
    `${figure.value.toFixed(0)} ${figure.unit}`,
    `${figure.baseline.toFixed(0)} ${figure.unit}`,
    `${figure.ratio.toFixed(2)}×`,
    figure.target ?? '',
    String(figure.samples),
  ]);
  const header = ['case', 'median', 'baseline (same run)', 'ratio', 'target', 'runs'];
  const lines = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`);
  return lines.join('\n');
}

// Refused FIRMS rows, grouped by what is wrong with them; the offending values go with the row numbers.
import { RejectionTally } from '../pipelines/rejection-tally.js';
import type { RowProblem } from './fire-detection.js';

const QUOTED = /"[^"]*"/g;

/** Counts one refused row; `where` names the file when there are several (`J1_VIIRS_C2_Global_24h.csv row 12`). */
export function addRowProblem(tally: RejectionTally, problem: RowProblem, where = 'row'): void {
  const values = problem.errors.flatMap((error) => error.match(QUOTED) ?? []);
  tally.add(problem.errors.map((error) => error.replace(QUOTED, '…')).join('; '), `${where} ${problem.row}${values.length > 0 ? ` ${values.join(' ')}` : ''}`);
}

export function tallyRowProblems(problems: readonly RowProblem[]): RejectionTally {
  const tally = new RejectionTally();
  for (const problem of problems) addRowProblem(tally, problem);
  return tally;
}

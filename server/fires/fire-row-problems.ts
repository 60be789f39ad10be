// Refused FIRMS rows: grouped by what is wrong with them (the offending values go with the row numbers), or, for an
// ingest's answer, the first ones kept and all of them counted.
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

/** How many refused rows an ingest's 400 lists with their reasons; the rest are counted. */
export const ROW_PROBLEMS_LISTED = 100;

/**
 * The refused rows of one ingest: every one counted, the first ROW_PROBLEMS_LISTED kept. A body of millions of bad
 * rows must not hold millions of reasons (a 32 MB array of zeros once took the API's heap).
 */
export class ListedRowProblems {
  readonly listed: RowProblem[] = [];
  count = 0;

  add(problem: RowProblem): void {
    this.count += 1;
    if (this.listed.length < ROW_PROBLEMS_LISTED) this.listed.push(problem);
  }
}

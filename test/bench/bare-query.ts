// The bench's bare SQL, run through pg's callback form. Its promise form (client.query(text, values), no callback)
// gives the query its callback after the query object is made, and with it V8 kept every answer's rows alive into
// the old generation until a full collection: 1,500 lists of 1,000 detections in a row promoted 3.3 MB at each
// scavenge, which took 6.9 ms, against 500 bytes and 0.5 ms in the callback form (--trace-gc-nvp, the same calls).
// Those pauses came in the bench's own process, where the API under measure runs too, and fell on the API's calls as
// on the bare SQL's. The fire-reads case alone, two runs of each form in turns: the list of 1,000's p95 went from
// 9.6 and 10.3 ms to 7.3 and 7.6 ms through the API, from 7.7 and 7.8 ms to 5.4 and 5.7 ms for its bare SQL.
import type pg from 'pg';

export function bareQuery(client: pg.Client, text: string, values: unknown[]): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(text, values, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

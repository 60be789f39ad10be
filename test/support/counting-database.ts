// A Database that counts every statement and unit of work a repository sends through it (the real database answers
// them): how tests tell an answer from memory from one that read.
import type { Database } from '../../server/db/database.js';

export class CountingDatabase implements Database {
  statements = 0;
  constructor(private readonly inner: Database) {}
  query: Database['query'] = (text, params) => {
    this.statements += 1;
    return this.inner.query(text, params);
  };
  prepared: Database['prepared'] = (name, text, params) => {
    this.statements += 1;
    return this.inner.prepared(name, text, params);
  };
  withClient: Database['withClient'] = (work) => {
    this.statements += 1;
    return this.inner.withClient(work);
  };
  transaction: Database['transaction'] = (work) => {
    this.statements += 1;
    return this.inner.transaction(work);
  };
  close = () => this.inner.close();
}

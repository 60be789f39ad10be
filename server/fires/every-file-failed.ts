// The error of a global-files run none of whose files could be read: one line when they all failed alike (what an
// offline or blocked computer gives: "all 4 files failed alike; the first: …"), each file's own error otherwise.

export interface FileFailure {
  /** The file's name (`J1_VIIRS_C2_Global_24h.csv`), which its error begins with. */
  name: string;
  /** Its address, which its error may name. */
  url: string;
  error: Error;
}

/** What the error says once its file's name and address are taken out: the same for files that failed alike. */
function cause({ name, url, error }: FileFailure): string {
  const text = error.message.startsWith(`${name}: `) ? error.message.slice(name.length + 2) : error.message;
  return url ? text.split(url).join('<address>') : text;
}

export function everyFileFailedMessage(failures: readonly FileFailure[]): string {
  const [first] = failures;
  if (!first) return 'no file failed';
  if (failures.length > 1 && failures.every((failure) => cause(failure) === cause(first))) {
    return `all ${failures.length} files failed alike; the first: ${first.error.message}`;
  }
  return failures.map(({ error }) => error.message).join('; ');
}

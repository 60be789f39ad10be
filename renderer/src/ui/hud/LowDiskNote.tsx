// The data folder's disk nearly full, said at the top of the brief: soon nothing new is stored, whatever the feeds do.
import type { HealthReport } from '../../api/api-types';
import { lowDiskWarning } from './disk-words';

export function LowDiskNote({ disk }: { disk: HealthReport['disk'] | undefined }) {
  const warning = lowDiskWarning(disk);
  if (!warning) return null;
  return (
    <section className="brief-slot stale-pipelines" data-testid="disk-low-note" aria-label="Disk nearly full">
      <h2>Disk nearly full</h2>
      <p>{warning.long}</p>
    </section>
  );
}

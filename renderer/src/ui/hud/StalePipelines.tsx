// Stale feeds on the HUD itself, each with its reason in words (not behind a click or a tooltip).
import type { PipelineFreshness } from '../../api/api-types';

export function StalePipelines({ pipelines }: { pipelines: Record<string, PipelineFreshness> }) {
  const stale = Object.entries(pipelines).filter(([, pipeline]) => pipeline.stale);
  if (stale.length === 0) return null;
  return (
    <section className="brief-slot stale-pipelines" data-testid="stale-pipelines" aria-label="Stale feeds">
      <h2>Stale feeds</h2>
      <ul>
        {stale.map(([name, pipeline]) => (
          <li key={name} data-stale-pipeline={name}>
            <strong>{name}</strong>: {pipeline.reason ?? pipeline.lastError ?? 'no recent success'}
          </li>
        ))}
      </ul>
    </section>
  );
}

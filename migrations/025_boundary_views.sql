-- revision: 025_boundary_views
-- parents: 024_geofence_names
-- on-change: reapply
-- Where search flies for a country or a state: the extent of its main body of land, not of all it holds. The whole
-- extent of France reaches Réunion and French Guiana (the view was centred in the Sahara), of the Netherlands the
-- Caribbean, of Norway Svalbard; the United States, Russia, New Zealand and Fiji reach across the antimeridian, so
-- their extents spanned the world.
--
-- The parts of the shape are grouped by gaps of at most 2° (Natural Earth's islands off a coast, Indonesia's chain,
-- the two islands of New Zealand), and the group with the most land is the view. A shape whose extent spans more than
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
  main AS (
    SELECT ST_Extent(part) AS shifted, ST_Extent(unshifted) AS plain FROM grouped GROUP BY body ORDER BY sum(land) DESC LIMIT 1
  ),
  -- The narrower of the two frames' extents; one wholly east of 180 is put back west of it.
  chosen AS (
    SELECT CASE WHEN ST_XMax(shifted) - ST_XMin(shifted) < ST_XMax(plain) - ST_XMin(plain) THEN shifted ELSE plain END AS extent FROM main
  )
  SELECT ARRAY[ST_XMin(extent) - by, ST_YMin(extent), ST_XMax(extent) - by, ST_YMax(extent)]::float8[]
  FROM chosen, LATERAL (SELECT CASE WHEN ST_XMin(extent) >= 180 THEN 360 ELSE 0 END AS by) AS back
$$;

ALTER TABLE boundaries ADD COLUMN IF NOT EXISTS view_bbox float8[];
UPDATE boundaries SET view_bbox = boundary_view_bbox(geom) WHERE view_bbox IS NULL;

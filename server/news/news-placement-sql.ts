// Where a story is on the map: its `news` event, found by the URL that names the story (events_news_url_idx), the
// latest when it was placed more than once. A SQL fragment joined beside a row of news_items.

/** `LEFT JOIN LATERAL … AS <alias>` giving `<alias>.geom` (a point) and `<alias>.payload` (its `place`), or nulls. */
export function newsPlacementJoin(storyId: string, alias: string): string {
  return `LEFT JOIN LATERAL (
  SELECT geom, payload FROM events
  WHERE source_type = 'news' AND url = 'vantage:news/' || ${storyId} AND geom IS NOT NULL AND GeometryType(geom) = 'POINT'
  ORDER BY ingested_at DESC LIMIT 1
) AS ${alias} ON true`;
}

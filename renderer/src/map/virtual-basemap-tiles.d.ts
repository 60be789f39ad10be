// The address template of the basemap's vector tiles, cut at build time by renderer/basemap-tiles-plugin.ts.
declare module 'virtual:basemap-tiles' {
  const tiles: {
    /** `…/{z}/{x}/{y}.pbf`, absolute. */
    tiles: string;
    maxzoom: number;
  };
  export default tiles;
}

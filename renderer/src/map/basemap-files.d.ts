// The addresses of the basemap's GeoJSON files, made at build time by renderer/basemap-files-plugin.ts.
declare module 'virtual:basemap-files' {
  interface BasemapFileUrls {
    countries: string;
    borders: string;
    coasts: string;
  }
  const files: Record<'110m' | '50m', BasemapFileUrls>;
  export default files;
}

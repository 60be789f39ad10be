// The map's Export button, in its button column over the ruler: the Export section ends the Layers tab, under the
// legend, below the fold at 1280×720; this brings it into sight (the panel unfolded, the tab chosen) from anywhere.
export function ExportButton({ onShowExport }: { onShowExport: () => void }) {
  return (
    <button
      type="button"
      className="map-tool export-button"
      data-testid="export-button"
      aria-label="Export the view"
      title="Export the view: CSV, GeoJSON, KML or a PNG of the map"
      onClick={onShowExport}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d="M8 1.5v8.5M4.5 6.5 8 10l3.5-3.5M2 11.5v3h12v-3" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

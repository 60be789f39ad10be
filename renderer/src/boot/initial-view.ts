// Where the map opens: `#view=lon,lat,zoom` in the address (shareable, and what tests use), else the world.
export interface InitialView {
  center: [number, number];
  zoom: number;
}

export const WORLD_VIEW: InitialView = { center: [10, 25], zoom: 1.6 };

export function viewFromFragment(hash: string): InitialView | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('view');
  if (!value) return null;
  const parts = value.split(',').map(Number);
  const [lon, lat, zoom] = parts;
  if (parts.length !== 3 || lon === undefined || lat === undefined || zoom === undefined || parts.some((n) => !Number.isFinite(n))) return null;
  if (Math.abs(lat) > 85 || zoom < 0 || zoom > 20) return null;
  return { center: [lon, lat], zoom };
}

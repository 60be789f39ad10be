// What a directory reader gives back: the cameras a page lists, and what it skipped and why.

export interface ListedCamera {
  url: string;
  title: string | null;
  city: string | null;
  country: string | null;
  /** Set when the directory publishes the camera's own position (official lists): no geocoding then. */
  latitude?: number;
  longitude?: number;
}

export type DirectoryFormat = 'html' | 'text' | 'json' | 'caltrans';

export interface DirectoryPage {
  format: DirectoryFormat;
  cameras: ListedCamera[];
  /** Lines, blocks or entries that were not camera URLs … */
  skipped: number;
  /** … each counted under its reason (the counts add up to `skipped`) … */
  skippedReasons: Record<string, number>;
  /** … and each with where it was (`line 12`, `entry 3`, `block 2`). */
  skips: Array<{ reason: string; where: string }>;
  /** Absolute URL of the next page of a paginated listing, if any. */
  nextPage: string | null;
}

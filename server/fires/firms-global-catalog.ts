// The keyless FIRMS active-fire text files of the last 24 h, world-wide, one per satellite: where FIRMS publishes
// them under its host (`{FIRE_API_URL}/data/active_fire/…`) and the FIRMS source each one is the output of.
export const GLOBAL_FIRE_FILE_IDS = ['snpp', 'noaa20', 'noaa21', 'modis'] as const;
export type GlobalFireFileId = (typeof GLOBAL_FIRE_FILE_IDS)[number];

export interface GlobalFireFile {
  id: GlobalFireFileId;
  /** Path under `{FIRE_API_URL}`. */
  path: string;
  /** The file name, as health and errors name it. */
  name: string;
  /** The FIRMS source name of the same data (the area API's), carried on the fire events. */
  dataset: string;
}

const ACTIVE_FIRE = '/data/active_fire';

export const GLOBAL_FIRE_FILES: Record<GlobalFireFileId, GlobalFireFile> = {
  snpp: { id: 'snpp', path: `${ACTIVE_FIRE}/suomi-npp-viirs-c2/csv/SUOMI_VIIRS_C2_Global_24h.csv`, name: 'SUOMI_VIIRS_C2_Global_24h.csv', dataset: 'VIIRS_SNPP_NRT' },
  noaa20: { id: 'noaa20', path: `${ACTIVE_FIRE}/noaa-20-viirs-c2/csv/J1_VIIRS_C2_Global_24h.csv`, name: 'J1_VIIRS_C2_Global_24h.csv', dataset: 'VIIRS_NOAA20_NRT' },
  noaa21: { id: 'noaa21', path: `${ACTIVE_FIRE}/noaa-21-viirs-c2/csv/J2_VIIRS_C2_Global_24h.csv`, name: 'J2_VIIRS_C2_Global_24h.csv', dataset: 'VIIRS_NOAA21_NRT' },
  modis: { id: 'modis', path: `${ACTIVE_FIRE}/modis-c6.1/csv/MODIS_C6_1_Global_24h.csv`, name: 'MODIS_C6_1_Global_24h.csv', dataset: 'MODIS_NRT' },
};

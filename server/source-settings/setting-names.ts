// The sources the panel lists and the settings it may change, by name only (the renderer's types come from here,
// so nothing of the domains' readers reaches it).
export const SOURCE_IDS = ['fires', 'incidents', 'aircraft', 'cameras', 'news', 'summaries', 'alerts', 'map'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export const EDITABLE_SETTING_NAMES = ['FIRE_DATASET', 'FIRE_BBOX', 'ADSB_URL', 'ADSB_AGGREGATOR_URL', 'LLM_BASE_URL', 'LLM_MODEL', 'TELEGRAM_CHAT_ID', 'MAP_STYLE_URL'] as const;
export type EditableSettingName = (typeof EDITABLE_SETTING_NAMES)[number];

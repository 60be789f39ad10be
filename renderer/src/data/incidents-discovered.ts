// How many of the loaded incidents the map shows at a playback minute: those discovered before its end, and the
// undated ones (an incident lasts for weeks, so it stays from its discovery on; the map filters its layer the same way).

/** `discovered`: each incident's discovery (epoch ms; null: undated); `end`: the end of the cursor's minute (epoch ms). */
export function incidentsDiscoveredBy(discovered: ReadonlyArray<number | null>, end: number): number {
  return discovered.filter((at) => at === null || Number.isNaN(at) || at < end).length;
}

// Whether a text is a place's name in the gazetteer (its name, ASCII spelling or an alternate; not a code), for the
// queries of other domains that treat a place's name apart: news search matches one word for word, never stemmed.
import { CODE_KIND } from './place-name-kind.js';

/** SQL that is true when the text parameter (`$n`) is, folded, a place's name. */
export function isPlaceNameSql(textParam: string): string {
  return `EXISTS (SELECT 1 FROM place_names pn WHERE pn.folded = gazetteer_fold(${textParam}::text) AND pn.kind < ${CODE_KIND})`;
}

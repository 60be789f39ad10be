// A search for a place's name finds the stories whose words begin with its words, not those its English stems match:
// full text stems Redding to red, and the town found "Red Cross calls…" and "…Red Hat gibt WildFly 10 frei". Other
// queries keep their stems ("fires" finds "the Carr fire") and stop words. Used by the News tab and the search box.
import { isPlaceNameSql } from '../places/place-name-sql.js';

/**
 * The condition on a story (`alias`, a news_items row) among those the stemmed words found: `wordsParam` the query's
 * words (storyWordPrefixes; null for the websearch syntax), `textParam` the query as typed.
 */
export function placeNameWordsCondition(alias: string, wordsParam: string, textParam: string): string {
  return `(${wordsParam}::text[] IS NULL
    OR NOT ${isPlaceNameSql(textParam)}
    OR to_tsvector('simple', search_words(${alias}.title) || ' ' || coalesce(search_words(${alias}.summary), ''))
       @@ (SELECT to_tsquery('simple', string_agg(quote_literal(word) || ':*', ' & ')) FROM unnest(${wordsParam}::text[]) AS word))`;
}

import { describe, expect, it } from 'vitest';
import { lowerCaseWords, placeMentions } from '../../server/places/place-mentions.js';

const find = (text: string, words: string) => placeMentions(text).find((mention) => mention.text === words);

describe('the names a text may use for a place', () => {
  it('takes runs of capitalised words with connectors (not counted as words), and their parts', () => {
    expect(find('Flooding closes roads across Rio de Janeiro today', 'Rio de Janeiro')).toMatchObject({ words: 2, wholeRun: true });
    expect(find('Flooding closes roads across Rio de Janeiro today', 'Janeiro')).toMatchObject({ wholeRun: false });
    expect(find('Rain in Central London', 'London')).toMatchObject({ wholeRun: false, besideName: false });
    expect(find('Protests in Paris over pensions', 'Paris')).toMatchObject({ afterPreposition: true, sentenceStart: false, titleCase: false });
  });

  it('marks a part of a longer name, an organisation, a Title Case headline and a dateline', () => {
    expect(find('Lewis Hamilton wins again', 'Hamilton')).toMatchObject({ wholeRun: false, besideName: true });
    expect(find('A column in the New York Times says so', 'New York')).toMatchObject({ beforeOrganisation: true });
    expect(find('Earthquake Shakes Reykjavik As Volcano Stirs', 'Reykjavik')).toMatchObject({ titleCase: true });
    expect(find('Title\nOTTAWA, April 14 (Reuters) - Prime Minister said', 'OTTAWA')).toMatchObject({ dateline: true });
    expect(find('KYIV (AP) — Drones struck overnight', 'KYIV')).toMatchObject({ dateline: true });
  });

  it('sees through zero-width characters and does not take acronyms', () => {
    expect(find('Prime Minister \u200bMark Carney said', 'Carney')).toMatchObject({ wholeRun: false, besideName: true });
    expect(placeMentions('The US and UK agree').map((mention) => mention.text)).toEqual(['The']);
  });

  it('knows the words a text writes in lower case', () => {
    expect(lowerCaseWords('Nice weather; a nice day').has('nice')).toBe(true);
    expect(lowerCaseWords('Nice weather ahead').has('nice')).toBe(false);
  });
});

// News search as the analyst types: the last word read as a prefix, the websearch syntax asked as written.
import { describe, expect, it } from 'vitest';
import { newsSearchTerms, storyWordPrefixes } from '../../server/news/news-search-terms.js';

describe('newsSearchTerms', () => {
  it('reads the last word as a prefix, the words before it as typed', () => {
    expect(newsSearchTerms('Manch')).toEqual({ words: '', prefix: 'Manch' });
    expect(newsSearchTerms('  earthquake chil ')).toEqual({ words: 'earthquake', prefix: 'chil' });
    expect(newsSearchTerms('São Paul')).toEqual({ words: 'São', prefix: 'Paul' });
    expect(newsSearchTerms('Waldbrand in Brandenb')).toEqual({ words: 'Waldbrand in', prefix: 'Brandenb' });
  });

  it('asks the websearch syntax as written: quotes, or, a word left out', () => {
    expect(newsSearchTerms('"wildfire near"')).toEqual({ words: '"wildfire near"', prefix: null });
    expect(newsSearchTerms('fire or flood')).toEqual({ words: 'fire or flood', prefix: null });
    expect(newsSearchTerms('fire -drill')).toEqual({ words: 'fire -drill', prefix: null });
  });

  it('reads no prefix of a last word with other signs in it', () => {
    expect(newsSearchTerms('covid-19')).toEqual({ words: 'covid-19', prefix: null });
    expect(newsSearchTerms('fire!')).toEqual({ words: 'fire!', prefix: null });
  });
});

describe('storyWordPrefixes', () => {
  it('are the words typed, in lower case, letters and digits only', () => {
    expect(storyWordPrefixes('Redding')).toEqual(['redding']);
    expect(storyWordPrefixes(' Kushner’s role ')).toEqual(['kushner', 's', 'role']);
    expect(storyWordPrefixes('São Paulo covid-19')).toEqual(['são', 'paulo', 'covid', '19']);
    // A vowel sign is part of its word: वाराणसी (Varanasi) is one word, not three.
    expect(storyWordPrefixes('वाराणसी')).toEqual(['वाराणसी']);
  });

  it('are none for the websearch syntax, a word left out, or no word', () => {
    expect(storyWordPrefixes('"Red Cross"')).toBeNull();
    expect(storyWordPrefixes('fire or flood')).toBeNull();
    expect(storyWordPrefixes('-drill fire')).toBeNull();
    expect(storyWordPrefixes(' !? ')).toBeNull();
  });
});

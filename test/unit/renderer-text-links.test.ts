import { describe, expect, it } from 'vitest';
import { sentenceCase } from '../../renderer/src/format/sentence-case.js';
import { textWithLinks } from '../../renderer/src/format/text-links.js';

describe('a sentence with its addresses as links', () => {
  it('finds each http(s) address, leaving out the punctuation and brackets around it', () => {
    expect(textWithLinks('Free from NASA FIRMS: https://firms.modaps.eosdis.nasa.gov/api/map_key/ (emailed at once).')).toEqual([
      { text: 'Free from NASA FIRMS: ' },
      { url: 'https://firms.modaps.eosdis.nasa.gov/api/map_key/' },
      { text: ' (emailed at once).' },
    ]);
    expect(textWithLinks('OpenAI (https://platform.openai.com/api-keys), Groq (https://console.groq.com/keys); or a local one.')).toEqual([
      { text: 'OpenAI (' },
      { url: 'https://platform.openai.com/api-keys' },
      { text: '), Groq (' },
      { url: 'https://console.groq.com/keys' },
      { text: '); or a local one.' },
    ]);
  });

  it('leaves a sentence without addresses, and anything that is not http(s), as text', () => {
    expect(textWithLinks('From @BotFather in Telegram: send /newbot.')).toEqual([{ text: 'From @BotFather in Telegram: send /newbot.' }]);
    expect(textWithLinks('javascript:alert(1) ftp://x.example')).toEqual([{ text: 'javascript:alert(1) ftp://x.example' }]);
    expect(textWithLinks('')).toEqual([]);
  });

  it('starts a name or a message with a capital', () => {
    expect(sentenceCase('language-model key')).toBe('Language-model key');
    expect(sentenceCase('')).toBe('');
  });
});

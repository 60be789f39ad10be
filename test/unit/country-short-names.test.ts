import { describe, expect, it } from 'vitest';
import { countryOfShortName } from '../../server/places/country-short-names.js';

describe('countryOfShortName', () => {
  it('reads a short name whatever its case and spaces', () => {
    expect(countryOfShortName('UK')).toBe('GB');
    expect(countryOfShortName('  usa ')).toBe('US');
    expect(countryOfShortName('Holland')).toBe('NL');
    expect(countryOfShortName('U.A.E.')).toBe('AE');
  });

  it('answers null for anything else, the names of an object included', () => {
    expect(countryOfShortName('Uk raine')).toBeNull();
    expect(countryOfShortName('England')).toBeNull();
    expect(countryOfShortName('constructor')).toBeNull();
    expect(countryOfShortName('__proto__')).toBeNull();
    expect(countryOfShortName('toString')).toBeNull();
  });
});

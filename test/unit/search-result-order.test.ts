import { describe, expect, it } from 'vitest';
import type { AirportHit } from '../../server/places/airport-repository.js';
import type { AircraftHit, IncidentHit, NewsHit } from '../../server/places/object-search-repository.js';
import type { BoundaryHit, PlaceHit } from '../../server/places/place-search-repository.js';
import { type FoundThings, orderedResults } from '../../server/places/search-result-order.js';

let nextId = 1;
function place(name: string, population: number, more: Partial<PlaceHit> = {}): PlaceHit {
  return {
    geonameId: nextId++,
    name,
    matched: name,
    countryCode: 'US',
    countryName: 'United States',
    admin1Name: 'State',
    population,
    featureCode: 'PPL',
    latitude: 10 + nextId / 100,
    longitude: 20,
    exact: true,
    inView: false,
    ownName: true,
    code: false,
    ...more,
  };
}

function airport(name: string, more: Partial<AirportHit> = {}): AirportHit {
  return {
    ident: `K${name.slice(0, 3).toUpperCase()}`,
    iata: name.slice(0, 3).toUpperCase(),
    gpsCode: null,
    name,
    municipality: 'Town',
    regionName: 'State',
    countryName: 'United States',
    countryCode: 'US',
    large: true,
    latitude: 1,
    longitude: 2,
    byCode: false,
    inView: false,
    wholeWords: true,
    ...more,
  };
}

function region(name: string, level: 0 | 1, byShortName = false): BoundaryHit {
  return { level, name, countryCode: 'JM', countryName: 'Jamaica', latitude: 18, longitude: -77.5, bbox: [-78, 17.8, -77.3, 18.3], byShortName };
}

function flight(callsign: string): AircraftHit {
  return { icao24: 'a0e001', callsign, registration: null, typeCode: 'B738', latitude: 33.9, longitude: -118.4, seenAt: '2026-11-27T20:00:00Z' };
}

function incident(name: string, inView: boolean): IncidentHit {
  return { id: `irwin-${nextId++}`, kind: 'wildfire', name, state: 'US-FL', sizeAcres: 34, latitude: 27, longitude: -81, inView };
}

function story(title: string): NewsHit {
  return { id: nextId++, title, link: 'https://news.example/story', publishedAt: '2026-11-30T10:00:00Z', latitude: 26.6, longitude: 56.3, place: 'Strait of Hormuz' };
}

function order(found: Partial<FoundThings> & { name: string }): string[] {
  return orderedResults({ limit: 10, places: [], similar: false, boundaries: [], airports: [], aircraft: [], incidents: [], news: [], ...found }).map(
    (result) => `${result.kind}:${result.label}`,
  );
}

describe('orderedResults: what the search list shows first', () => {
  it('stories that hold the very words typed before places only like them; without such stories the guesses lead', () => {
    const similarPlaces = [place('Hormoz', 5_000, { exact: false }), place('Hormuzd', 200, { exact: false })];
    expect(order({ name: 'Hormuz', similar: true, places: similarPlaces, news: [story('Tankers wait at Hormuz'), story('Iran warns over Hormuz')] })).toEqual([
      'news:Tankers wait at Hormuz', 'news:Iran warns over Hormuz', 'place:Hormoz', 'place:Hormuzd',
    ]);
    expect(order({ name: 'Sacremento', similar: true, places: [place('Sacramento', 500_000, { exact: false })] })).toEqual(['place:Sacramento']);
    // Places named so come before the stories, as before.
    expect(order({ name: 'Paris', places: [place('Paris', 2_100_000)], news: [story('Paris talks')] })).toEqual(['place:Paris', 'news:Paris talks']);
  });

  it('an airport of the code typed whole before the city of that code; a country before everything', () => {
    expect(
      order({
        name: 'LAX',
        places: [place('Los Angeles', 3_900_000, { matched: 'LAX', code: true, ownName: false }), place('Laxou', 15_000, { exact: false })],
        airports: [airport('Los Angeles International Airport', { byCode: true })],
      }),
    ).toEqual(['airport:Los Angeles International Airport', 'place:Los Angeles', 'place:Laxou']);
    expect(order({ name: 'Georgia', boundaries: [region('Georgia', 0)], places: [place('Georgia', 200_000)] })[0]).toBe('country:Georgia');
  });

  it('a country by a short name of it ("UK") before the places that only start with the text', () => {
    const uk = { ...region('United Kingdom', 0, true), countryCode: 'GB', countryName: 'United Kingdom' };
    expect(order({ name: 'UK', boundaries: [uk, region('Ukraine', 0)], places: [place('Uk', 12_000, { exact: true })] })).toEqual([
      'country:United Kingdom',
      'place:Uk',
      'country:Ukraine',
    ]);
  });

  it("three capitals that start live flights' callsigns are an airline's code: its flights before the cities that only start so; in small letters, the cities first", () => {
    const found = { aircraft: [flight('BAW522'), flight('BAW9KT')], places: [place('Bawshar', 192_000, { exact: false }), place('Bawku', 73_000, { exact: false })] };
    expect(order({ ...found, name: 'BAW' })).toEqual(['aircraft:BAW522', 'aircraft:BAW9KT', 'place:Bawshar', 'place:Bawku']);
    // Bawku (73,000 people, out of view) is no city that stands out: after the flights either way.
    expect(order({ ...found, name: 'baw' })).toEqual(['place:Bawshar', 'aircraft:BAW522', 'aircraft:BAW9KT', 'place:Bawku']);
    // A city of that very name still leads: "Baw" would be the place.
    expect(order({ ...found, name: 'BAW', places: [place('Baw', 150_000), ...found.places] })[0]).toBe('place:Baw');
    // An aircraft found by its registration is no airline's flight.
    expect(order({ name: 'BAW', aircraft: [{ ...flight('SHT12'), registration: 'BAW-1' }], places: found.places })).toEqual(['place:Bawshar', 'aircraft:SHT12', 'place:Bawku']);
  });

  it("an incident in the map's view comes before the places that do not lead; out of view, after the cities that only start so", () => {
    // Lafayette, Louisiana leads (a city of that very name); a city that only starts with the text stands out too.
    const places = [place('Lafayette', 121_000), place('Lafayetteville', 150_000, { exact: false }), place('Bougaa', 25_000, { exact: false, ownName: false })];
    const canal = (inView: boolean) => [incident('SOUTH CANAL- LAFAYETTE (34)', inView)];
    expect(order({ name: 'Lafayette', places, incidents: canal(true) })).toEqual(['place:Lafayette', 'incident:SOUTH CANAL- LAFAYETTE (34)', 'place:Lafayetteville', 'place:Bougaa']);
    expect(order({ name: 'Lafayette', places, incidents: canal(false) })).toEqual(['place:Lafayette', 'place:Lafayetteville', 'incident:SOUTH CANAL- LAFAYETTE (34)', 'place:Bougaa']);
    // Only a word that starts with the text, of three letters or more: "san" is no THOUSAND fire, "la" moves none up.
    const sanPlaces = [place('San Francisco', 800_000, { exact: false })];
    expect(order({ name: 'san', places: sanPlaces, incidents: [incident('THOUSAND', true)] })).toEqual(['place:San Francisco', 'incident:THOUSAND']);
    expect(order({ name: 'san', places: sanPlaces, incidents: [incident('SAND HILL', true)] })).toEqual(['incident:SAND HILL', 'place:San Francisco']);
    expect(order({ name: 'La', places: [place('Lagos', 9_000_000, { exact: false })], incidents: [incident('LA PLATA', true)] })).toEqual(['place:Lagos', 'incident:LA PLATA']);
  });

  it('a medium airport by its code, away from the view, after the flights whose callsign starts with it; in view, first', () => {
    const found = { name: 'SAC', aircraft: [flight('SAC123')] };
    expect(order({ ...found, airports: [airport('Sacramento Executive Airport', { byCode: true, large: false })] })).toEqual(['aircraft:SAC123', 'airport:Sacramento Executive Airport']);
    expect(order({ ...found, airports: [airport('Sacramento Executive Airport', { byCode: true, large: false, inView: true })] })[0]).toBe('airport:Sacramento Executive Airport');
  });

  it('airports with every word typed whole hide those whose words only start so; a word still being typed keeps them', () => {
    const chico = airport('Chico Municipal Airport', { large: false });
    const westover = airport('Westover Metropolitan Airport', { large: false, municipality: 'Chicopee', wholeWords: false });
    expect(order({ name: 'Chico', places: [place('Chico', 94_000)], airports: [chico, westover] })).toEqual(['place:Chico', 'airport:Chico Municipal Airport']);
    // "Chic": no airport has it whole, so the starts are all there is.
    const chicoStart = { ...chico, wholeWords: false };
    expect(order({ name: 'Chic', airports: [chicoStart, westover] })).toEqual(['airport:Chico Municipal Airport', 'airport:Westover Metropolitan Airport']);
    // An airport of the code typed whole stays beside them.
    const byCode = airport('Chico Code Airport', { byCode: true, wholeWords: false });
    expect(order({ name: 'Chico', airports: [byCode, chico, westover] })).toEqual(['airport:Chico Code Airport', 'airport:Chico Municipal Airport']);
  });

  it('a large airport of the words typed before a small town of that name; after a city, and after the places', () => {
    expect(order({ name: 'Heathrow', places: [place('Heathrow', 6_000)], airports: [airport('London Heathrow Airport')] })).toEqual(['airport:London Heathrow Airport', 'place:Heathrow']);
    expect(order({ name: 'London', places: [place('London', 8_900_000), place('London', 400_000)], airports: [airport('London Heathrow Airport')] })).toEqual([
      'place:London',
      'place:London',
      'airport:London Heathrow Airport',
    ]);
    // "airport": the airports in view, the medium ones too, before a place of another continent named "Airport West".
    expect(order({ name: 'airport', places: [place('Airport West', 20_000, { exact: false, countryName: 'Australia' })], airports: [airport('Sacramento International Airport', { inView: true }), airport('McClellan Airfield', { large: false, inView: true })] })).toEqual([
      'airport:Sacramento International Airport',
      'airport:McClellan Airfield',
      'place:Airport West',
    ]);
    // A medium airport of the words away from the view: after the places, whatever they are.
    expect(order({ name: 'McClellan', places: [place('Mcclellan', 2_000)], airports: [airport('McClellan Airfield', { large: false })] })).toEqual(['place:Mcclellan', 'airport:McClellan Airfield']);
    // Places only like the text are guesses: the airport of the words before them.
    expect(order({ name: 'Heathrw', similar: true, places: [place('Heath', 1_000_000, { exact: false })], airports: [airport('London Heathrow Airport', { large: false })] })[0]).toBe('airport:London Heathrow Airport');
  });

  it('a state or province of the name after a city of that name that stands out; before a small town', () => {
    expect(order({ name: 'Manchester', boundaries: [region('Manchester', 1)], places: [place('Manchester', 400_000), place('Manchester', 110_000)] })).toEqual([
      'place:Manchester',
      'region:Manchester',
      'place:Manchester',
    ]);
    expect(order({ name: 'California', boundaries: [region('California', 1)], places: [place('California', 11_000)] })).toEqual(['region:California', 'place:California']);
  });
});

import { describe, expect, it } from 'vitest';
import { parseHtmlDirectory, parseTextDirectory, placeFromCaption } from '../../server/cameras/camera-directory.js';

const LISTING = `<!doctype html><html><body>
<div class="row thumbnail-row">
  <div class="col-xs-12 col-sm-6 col-md-4 col-lg-4">
    <div class="thumbnail-item">
      <a class="thumbnail-item__wrap" href="/en/view/812345/">
        <img class="thumbnail-item__img img-responsive" src="http://203.0.113.7:8080/cgi-bin/camera?resolution=640&amp;quality=1" alt="Live camera in Seoul, Korea, Republic of" title="Live camera in Seoul, Korea, Republic of"/>
        <div class="thumbnail-item__caption">Live camera in Seoul, Korea, Republic of</div>
      </a>
    </div>
  </div>
  <div class="col-xs-12 col-sm-6 col-md-4 col-lg-4">
    <div class="thumbnail-item">
      <a class="thumbnail-item__wrap" href="/en/view/812346/">
        <img class="thumbnail-item__img" src="http://198.51.100.20/mjpg/video.mjpg" title="Live camera in Lyon, France"/>
      </a>
    </div>
  </div>
  <div class="thumbnail-item"><img alt="broken"/></div>
</div>
<ul class="pagination"><li><a href="/en/bycountry/KR/?page=2" rel="next">»</a></li></ul>
</body></html>`;

describe('camera directories', () => {
  it('reads Insecam-style listings: image URL, caption, city and a country with a comma, next page', () => {
    const page = parseHtmlDirectory(LISTING, 'http://directory.test/en/bycountry/KR/');
    expect(page.cameras).toEqual([
      { url: 'http://203.0.113.7:8080/cgi-bin/camera?resolution=640&quality=1', title: 'Live camera in Seoul, Korea, Republic of', city: 'Seoul', country: 'Korea, Republic of' },
      { url: 'http://198.51.100.20/mjpg/video.mjpg', title: 'Live camera in Lyon, France', city: 'Lyon', country: 'France' },
    ]);
    expect(page.skipped).toBe(1);
    expect(page.nextPage).toBe('http://directory.test/en/bycountry/KR/?page=2');
  });

  it('reads plain-text lists in all three shapes and counts what is not a URL', () => {
    const page = parseTextDirectory(
      [
        '# public webcams',
        'http://203.0.113.9/axis-cgi/jpg/image.cgi',
        'http://198.51.100.4/snap.jpg\tLive camera in Oslo, Norway',
        'Harbour cam, Live camera in Hamburg, Germany,http://192.0.2.44/cam.jpg',
        'just some words',
        'javascript:alert(1)',
        '',
      ].join('\n'),
    );
    expect(page.cameras.map((camera) => [camera.url, camera.city, camera.country])).toEqual([
      ['http://203.0.113.9/axis-cgi/jpg/image.cgi', null, null],
      ['http://198.51.100.4/snap.jpg', 'Oslo', 'Norway'],
      ['http://192.0.2.44/cam.jpg', 'Hamburg', 'Germany'],
    ]);
    expect(page.skipped).toBe(2);
  });

  it('a URL alone on its line takes the line above as its label; a line that labels nothing is skipped', () => {
    const page = parseTextDirectory(
      [
        'Harbour entrance, Live camera in Bergen, Norway',
        'http://203.0.113.10/cam.jpg',
        'a note above a URL with a label of its own',
        'http://203.0.113.11/cam.jpg Pier',
        '50,-75 "50,-75 Nordamerika, Kanada, Ontario, Ottawa"',
        'http://203.0.113.12/hill.jpg',
        // EverySunset's own slips: no space before the quote, none after a comma, no closing quote.
        '50,51"50,51 Kasachstan, Batys Qazaqstan Oblysy, Oral"',
        'http://203.0.113.13/oral.jpg',
        '50,44 "50,44 Russland, Волгоградская область,Wolgograd',
        'http://203.0.113.14/volga.jpg',
        '50,125 "50,125 no webcam available"',
        'http://203.0.113.15/still-a-camera.jpg',
        '50,75 "50,75 no webcam available"',
        'http://www.everysunset.de/nowebcam.jpg',
        // A blank line or a comment parts a label from the URL under it; a label of one part names no town.
        'Traffic cameras of Oslo',
        '',
        'http://203.0.113.16/a.jpg',
        '50,10 "50,10 Deutschland"',
        'http://203.0.113.17/b.jpg',
        'a last note',
      ].join('\n'),
    );
    expect(page.cameras).toEqual([
      { url: 'http://203.0.113.10/cam.jpg', title: 'Harbour entrance, Live camera in Bergen, Norway', city: 'Bergen', country: 'Norway' },
      { url: 'http://203.0.113.11/cam.jpg', title: 'Pier', city: null, country: null },
      { url: 'http://203.0.113.12/hill.jpg', title: 'Nordamerika, Kanada, Ontario, Ottawa', city: 'Ottawa', country: 'Ontario' },
      { url: 'http://203.0.113.13/oral.jpg', title: 'Kasachstan, Batys Qazaqstan Oblysy, Oral', city: 'Oral', country: 'Batys Qazaqstan Oblysy' },
      { url: 'http://203.0.113.14/volga.jpg', title: 'Russland, Волгоградская область,Wolgograd', city: 'Wolgograd', country: 'Волгоградская область' },
      { url: 'http://203.0.113.15/still-a-camera.jpg', title: null, city: null, country: null },
      { url: 'http://203.0.113.16/a.jpg', title: null, city: null, country: null },
      { url: 'http://203.0.113.17/b.jpg', title: 'Deutschland', city: null, country: null },
    ]);
    expect(page.skips).toEqual([
      { reason: 'not a URL', where: 'line 3' },
      { reason: 'placeholder: the list says no camera is there', where: 'line 14' },
      { reason: 'not a URL', where: 'line 15' },
      { reason: 'not a URL', where: 'line 20' },
    ]);
  });

  it('finds the place in a caption', () => {
    expect(placeFromCaption('Live camera in Saint-Denis, Reunion')).toEqual({ city: 'Saint-Denis', country: 'Reunion' });
    expect(placeFromCaption('Parking lot')).toEqual({ city: null, country: null });
  });
});

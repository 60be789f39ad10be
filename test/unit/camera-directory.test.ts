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

  it('finds the place in a caption', () => {
    expect(placeFromCaption('Live camera in Saint-Denis, Reunion')).toEqual({ city: 'Saint-Denis', country: 'Reunion' });
    expect(placeFromCaption('Parking lot')).toEqual({ city: null, country: null });
  });
});

// The camera directories edited in the app: CAMERA_SOURCES until the user saves a list, the crawl reads
// the saved list, addresses with credentials or other schemes are refused and nothing is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCameraDirectory, startFakeCameraDirectory } from '../support/fake-camera-directory.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

describe('GET/PUT/DELETE /api/cameras/sources', () => {
  let directory: FakeCameraDirectory;
  let subject: TestApp;
  const FROM_SETTINGS = 'http://127.0.0.1:9/from-settings.txt';
  const api = (method: 'GET' | 'PUT' | 'DELETE', payload?: object | string) =>
    subject.app.inject({ method, url: '/api/cameras/sources', headers: authorized, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    directory = await startFakeCameraDirectory();
    // A geocoder on a closed port: this test is about which directories are read, not about places.
    subject = await createTestApp({ ingesterEnabled: false, cameraTestAllowedHosts: [directory.hostPort], settings: { CAMERA_SOURCES: FROM_SETTINGS, GEOCODER_URL: 'http://127.0.0.1:9', CAMERA_HOST_RATE: '20' } });
  });
  afterAll(async () => {
    await subject?.close();
    await directory?.close();
  });

  it('answers CAMERA_SOURCES until a list is saved', async () => {
    const response = await api('GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sources: [FROM_SETTINGS], origin: 'settings', updatedAt: null });
  });

  it('refuses credentials, other schemes and too many entries, and saves nothing', async () => {
    for (const sources of [
      ['http://admin:secret@127.0.0.1/list.txt'],
      ['http://127.0.0.1/list.txt?token=abc'],
      ['ftp://127.0.0.1/list.txt'],
      ['not a url'],
      Array.from({ length: 101 }, (_, index) => `http://127.0.0.1/${index}.txt`),
    ]) {
      const response = await api('PUT', { sources });
      expect(response.statusCode, sources[0]).toBe(400);
      expect(response.json().error.code).toBeTypeOf('string');
      expect(response.body).not.toContain('secret');
    }
    expect((await api('PUT', { sources: 'http://127.0.0.1/list.txt' })).statusCode).toBe(400);
    expect((await api('GET')).json().origin).toBe('settings');
  });

  it('the crawl reads the saved list; an empty saved list is idle and says so; DELETE goes back to the setting', async () => {
    const saved = await api('PUT', { sources: [directory.textListUrl, directory.textListUrl] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ sources: [directory.textListUrl], origin: 'saved' });

    const run = await subject.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(run.statusCode).toBe(200);
    expect(run.json().result).toMatchObject({ sources: 1, pages: 1, inserted: 3 });
    expect(directory.requests.map((request) => request.path)).toEqual(['/lists/cameras.txt']);

    await api('PUT', { sources: [] });
    const idle = await subject.app.inject({ method: 'POST', url: '/api/jobs/cameras', headers: authorized });
    expect(idle.json().result).toEqual({ idle: 'the camera directory list saved in the app is empty, and no official directory is switched on' });

    expect((await api('DELETE')).json()).toEqual({ sources: [FROM_SETTINGS], origin: 'settings', updatedAt: null });
  });
});

// The "Cameras nearby" part of a fire's or an incident's popup: the cameras the API links to that position
// (within 20 miles, nearest first), each a button that opens the camera panel. Built as DOM nodes: camera
// titles come from outside directories.
import { errorFromResponse } from '../api/api-error';
import type { NearbyCameras } from '../api/api-types';
import './nearby-cameras.css';

/** Cameras listed in a popup at most; the heading still counts them all. */
const SHOWN = 5;

export interface CameraLinks {
  /** The cameras linked to a position ([lon, lat]). */
  nearbyCameras(at: [number, number]): Promise<NearbyCameras>;
  openCamera(camera: { id: string; title: string }): void;
}

export function apiCameraLinks(apiOrigin: string, authorization: string, openCamera: CameraLinks['openCamera']): CameraLinks {
  return {
    openCamera,
    async nearbyCameras([lon, lat]) {
      const path = `/api/cameras/near?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}&limit=${SHOWN}`;
      const response = await fetch(`${apiOrigin}${path}`, { headers: { authorization, accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) throw await errorFromResponse(response, path);
      return (await response.json()) as NearbyCameras;
    },
  };
}

function miles(distanceMiles: number): string {
  return `${distanceMiles < 10 ? distanceMiles.toFixed(1) : Math.round(distanceMiles)} mi`;
}

function cameraTitle(camera: NearbyCameras['cameras'][number]): string {
  return camera.title ?? ([camera.city, camera.country].filter(Boolean).join(', ') || `Camera ${camera.id}`);
}

export function nearbyCamerasSection(at: [number, number], links: CameraLinks): HTMLElement {
  const section = document.createElement('section');
  section.className = 'popup-cameras';
  section.dataset.testid = 'popup-nearby-cameras';
  const heading = document.createElement('h4');
  heading.textContent = 'Cameras nearby…';
  section.append(heading);
  links
    .nearbyCameras(at)
    .then((answer) => {
      heading.textContent = `Cameras nearby (${answer.total})`;
      if (answer.total === 0) {
        // One quiet line in place of the heading: an empty heading and its note took ~70 px of a popup that a
        // 1280×720 map had to scroll.
        const none = document.createElement('p');
        none.className = 'popup-cameras-none';
        // No camera on the map at all: mostly no directory set up, which "none within 20 miles" hid.
        none.textContent = answer.anyPlaced ? 'Cameras nearby: none within 20 miles.' : 'Cameras nearby: none on the map yet (the Sources tab sets up camera directories).';
        heading.replaceWith(none);
        section.classList.add('popup-cameras-empty');
        return;
      }
      const list = document.createElement('ul');
      for (const camera of answer.cameras) {
        const title = cameraTitle(camera);
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.testid = 'popup-nearby-camera';
        const name = document.createElement('span');
        name.className = 'popup-camera-name';
        name.textContent = title;
        const distance = document.createElement('span');
        distance.className = 'popup-camera-distance';
        distance.textContent = miles(camera.distanceMiles);
        button.append(name, distance);
        button.title = `Open the snapshot of ${title}`;
        button.addEventListener('click', () => links.openCamera({ id: String(camera.id), title }));
        const item = document.createElement('li');
        item.append(button);
        list.append(item);
      }
      section.append(list);
      if (answer.total > answer.cameras.length) {
        const more = document.createElement('p');
        more.className = 'popup-cameras-none';
        more.textContent = `and ${answer.total - answer.cameras.length} more within 20 miles`;
        section.append(more);
      }
    })
    .catch((error: Error) => {
      heading.textContent = 'Cameras nearby';
      const failed = document.createElement('p');
      failed.className = 'popup-cameras-none';
      failed.textContent = `Could not be read: ${error.message}`;
      section.append(failed);
    });
  return section;
}

// The ruler: the button (or M) turns it on, each click on the map adds a point, and the readout gives the length
// along the path (km, mi and nautical miles) and the last leg's initial bearing. Escape or the button ends it.
// The geodesic maths loads on first use, off the path to the first drawn map; the clicks are taken from the start.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MapController } from '../map/map-controller';
import { MeasureLayer, type MeasureReading } from '../map/measure-layer';
import { useDrawingCancel } from './use-drawing-cancel';
import './MeasureTool.css';
import { singleKeyShortcut } from '../data/single-key-shortcuts';

/** `drawing`: a geofence or an area is being drawn; it takes the map's clicks, so the ruler waits. */
export function MeasureTool({ controller, drawing }: { controller: MapController | null; drawing: boolean }) {
  const [measuring, setMeasuring] = useState(false);
  const [reading, setReading] = useState<MeasureReading | null>(null);
  const end = useCallback(() => setMeasuring(false), []);
  const available = controller !== null && !drawing;

  useEffect(() => {
    if (drawing) setMeasuring(false);
  }, [drawing]);

  // A layout effect: the ruler takes the map's clicks in the same turn as the key or button, so a click straight after
  // is a point, not a click lost to the map.
  useLayoutEffect(() => {
    if (!measuring || !controller) return;
    const layer = new MeasureLayer(controller.map, setReading, () => setMeasuring(false));
    layer.start(controller.loaded);
    return () => {
      layer.stop();
      setReading(null);
    };
  }, [measuring, controller]);

  // The drawing tools' Escape: no geofence drawing to cancel through a controller here, and "clear" ends the ruler.
  useDrawingCancel(measuring, null, end);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== 'm' && event.key !== 'M') || !singleKeyShortcut(event)) return;
      if (!available) return;
      event.preventDefault();
      setMeasuring((value) => !value);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [available]);

  return (
    <>
      <button
        type="button"
        className="map-tool measure-button"
        data-testid="measure-button"
        aria-pressed={measuring}
        aria-label="Measure distance and bearing"
        title="Measure distance and bearing (M)"
        disabled={!available}
        onClick={() => setMeasuring((value) => !value)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M1.5 11.5 11.5 1.5l3 3-10 10zM4.5 8.5l1.5 1.5M6.5 6.5l1 1M8.5 4.5l1.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
        </svg>
      </button>
      {measuring && controller && <MeasureReadout reading={reading} controller={controller} />}
    </>
  );
}

/** Room kept around the readout: a point just outside its edge is still hidden by a finger of the eye. */
const DODGE_MARGIN_PX = 12;

/**
 * The readout lies on the map: over a point placed under it (or the map moved under it), it moves to the map's other
 * side (the last point and the line's end were hidden under it). It takes no clicks (MeasureTool.css): one on it was
 * lost, neither a point nor a word.
 */
function MeasureReadout({ reading, controller }: { reading: MeasureReading | null; controller: MapController }) {
  const points = reading?.points ?? 0;
  const measure = reading?.measure ?? null;
  const element = useRef<HTMLDivElement>(null);
  const [dodged, setDodged] = useState(false);
  const path = reading?.path;
  useLayoutEffect(() => {
    const check = () => {
      const box = element.current?.getBoundingClientRect();
      if (!box || !path) return;
      const canvas = controller.map.getCanvas().getBoundingClientRect();
      const covered = path.some(([lng, lat]) => {
        const at = controller.map.project([lng, lat]);
        const x = canvas.left + at.x;
        const y = canvas.top + at.y;
        return x >= box.left - DODGE_MARGIN_PX && x <= box.right + DODGE_MARGIN_PX && y >= box.top - DODGE_MARGIN_PX && y <= box.bottom + DODGE_MARGIN_PX;
      });
      // To the other side; it stays there until a point lies under it again.
      if (covered) setDodged((side) => !side);
    };
    check();
    controller.map.on('moveend', check);
    return () => {
      controller.map.off('moveend', check);
    };
  }, [controller, path]);
  return (
    <div ref={element} className={dodged ? 'measure-readout measure-readout-dodged' : 'measure-readout'} role="status" data-testid="measure-readout" data-points={points} data-dodged={dodged}>
      {points < 2 || !measure ? (
        <p>{points === 0 ? 'Click the map to place the first point.' : points === 1 ? 'Click the next point.' : 'Measuring…'}</p>
      ) : (
        <dl>
          <dt>Distance</dt>
          <dd data-testid="measure-distance" data-metres={measure.metres}>
            {measure.text.km} · {measure.text.mi} · {measure.text.nm}
          </dd>
          <dt>Bearing</dt>
          <dd data-testid="measure-bearing" data-degrees={measure.bearing ?? ''}>
            {measure.text.bearing ?? '—'} <span className="muted">true, last leg</span>
          </dd>
        </dl>
      )}
      <p className="measure-hint muted">
        {points > 1 ? `${points} points · ` : ''}
        <kbd>Esc</kbd> ends
      </p>
    </div>
  );
}

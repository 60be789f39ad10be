// A map icon drawn on a canvas (no sprite sheet offline): `draw` paints it around the centre of a square of `size`
// CSS pixels, at the screen's pixel ratio.
export function iconImage(size: number, ratio: number, draw: (context: CanvasRenderingContext2D) => void): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * ratio;
  const context = canvas.getContext('2d')!;
  context.scale(ratio, ratio);
  context.translate(size / 2, size / 2);
  draw(context);
  return context.getImageData(0, 0, size * ratio, size * ratio);
}

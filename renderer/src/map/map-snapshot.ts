// A PNG of the map as drawn, with what a reader of the picture needs beside it: a caption (when, which window and
// filters), the legend of the layers shown in a column beside the map, and the credits the data asks for.
import { NEWS_SQUARE_RADIUS } from './event-icons';
import { diamondCorners } from './incident-icon';
import { PLANE_OUTLINE } from './plane-outline';
import type { LegendEntry, LegendSymbol } from './legend-entries';
import { scaleBar } from './scale-bar';

export interface SnapshotLegendSection {
  title: string;
  entries: LegendEntry[];
}

export interface SnapshotText {
  caption: string[];
  legend: SnapshotLegendSection[];
  credits: string;
  /** Metres a CSS pixel spans at the map's centre (scale-bar.ts): a scale bar is drawn in its lower left. */
  metresPerPixel: number | null;
}

const FONT = '12px system-ui, sans-serif';
const TITLE_FONT = 'bold 12px system-ui, sans-serif';
const LINE = 17;
const PAD = 10;
const LEGEND_WIDTH = 330;

function drawSymbol(context: CanvasRenderingContext2D, symbol: LegendSymbol, x: number, y: number): void {
  context.save();
  switch (symbol.shape) {
    case 'dot':
    case 'ring':
      context.beginPath();
      context.arc(x + 7, y, symbol.size / 2, 0, Math.PI * 2);
      if (symbol.shape === 'dot') {
        context.globalAlpha = symbol.opacity ?? 1;
        context.fillStyle = symbol.color;
        context.fill();
      } else {
        context.strokeStyle = symbol.color;
        context.lineWidth = 2;
        context.stroke();
      }
      break;
    case 'square':
      context.beginPath();
      context.roundRect(x + 7 - symbol.size / 2, y - symbol.size / 2, symbol.size, symbol.size, NEWS_SQUARE_RADIUS);
      context.fillStyle = symbol.color;
      context.fill();
      break;
    case 'diamond':
      context.globalAlpha = symbol.opacity ?? 1;
      context.beginPath();
      diamondCorners(symbol.size / 2).forEach(([dx, dy], index) => (index === 0 ? context.moveTo(x + 7 + dx, y + dy) : context.lineTo(x + 7 + dx, y + dy)));
      context.closePath();
      context.fillStyle = `${symbol.color}59`;
      context.strokeStyle = symbol.color;
      context.lineWidth = 1.5;
      context.fill();
      context.stroke();
      break;
    case 'sizes':
      symbol.sizes.forEach((size, index) => {
        context.beginPath();
        context.arc(x + 2 + index * 6, y, size / 2, 0, Math.PI * 2);
        context.fillStyle = symbol.color;
        context.fill();
      });
      break;
    case 'line':
      context.strokeStyle = symbol.color;
      context.lineWidth = 2;
      context.setLineDash(symbol.dashed ? [4, 3] : []);
      context.beginPath();
      context.moveTo(x, y);
      context.lineTo(x + 16, y);
      context.stroke();
      break;
    case 'area':
      context.fillStyle = `${symbol.color}55`;
      context.strokeStyle = symbol.color;
      context.fillRect(x, y - 5, 16, 10);
      context.strokeRect(x, y - 5, 16, 10);
      break;
    case 'plane':
      // The map's silhouette at half its size (a triangle here read as another symbol).
      context.fillStyle = symbol.color;
      context.beginPath();
      PLANE_OUTLINE.forEach(([dx, dy], index) => (index === 0 ? context.moveTo(x + 8 + dx / 2, y + dy / 2) : context.lineTo(x + 8 + dx / 2, y + dy / 2)));
      context.closePath();
      context.fill();
      break;
  }
  context.restore();
}

/** Lines of `text` that fit `width` at the context's font. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The map picture (a copy of the map's canvas) with a caption above it, the legend in a column to its right (the map
 * itself is not covered) and the credits on it, as a PNG. */
export function composeSnapshot(map: HTMLCanvasElement, text: SnapshotText): Promise<Blob> {
  const scale = window.devicePixelRatio || 1;
  const mapWidth = map.width / scale;
  const mapHeight = map.height / scale;
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) return Promise.reject(new Error('this browser cannot draw a picture of the map'));
  measure.font = FONT;

  const width = mapWidth + LEGEND_WIDTH;
  const captionLines = text.caption.filter(Boolean).flatMap((line) => wrap(measure, line, width - 2 * PAD));
  const captionHeight = captionLines.length * LINE + PAD;
  const rows: Array<{ symbol: LegendSymbol | null; text: string; title?: boolean }> = [];
  for (const section of text.legend) {
    rows.push({ symbol: null, text: section.title, title: true });
    for (const entry of section.entries) {
      // The symbol on the entry's first line only.
      wrap(measure, entry.text, LEGEND_WIDTH - 3 * PAD - 16).forEach((line, index) => rows.push({ symbol: index === 0 ? entry.symbol : null, text: line }));
    }
  }
  const legendHeight = rows.length * LINE + 2 * PAD;
  const height = captionHeight + Math.max(mapHeight, legendHeight);

  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('this browser cannot draw a picture of the map'));
  context.scale(scale, scale);
  context.fillStyle = '#0b1118';
  context.fillRect(0, 0, width, height);
  context.drawImage(map, 0, captionHeight, mapWidth, mapHeight);
  context.textBaseline = 'middle';

  // Caption along the top.
  context.fillStyle = '#e6edf3';
  captionLines.forEach((line, index) => {
    context.font = index === 0 ? TITLE_FONT : FONT;
    context.fillText(line, PAD, PAD / 2 + LINE / 2 + index * LINE);
  });

  // Legend in its own column.
  rows.forEach((row, index) => {
    const y = captionHeight + PAD + LINE / 2 + index * LINE;
    context.font = row.title ? TITLE_FONT : FONT;
    context.fillStyle = '#e6edf3';
    if (row.symbol) drawSymbol(context, row.symbol, mapWidth + PAD, y);
    context.fillText(row.text, mapWidth + PAD + (row.title ? 0 : 16 + PAD / 2), y);
  });

  // Credits in the map's lower right.
  context.font = FONT;
  const creditWidth = Math.min(mapWidth - 2 * PAD, context.measureText(text.credits).width + PAD);
  const creditTop = captionHeight + mapHeight - LINE - PAD / 2;
  context.fillStyle = 'rgba(11, 17, 24, 0.82)';
  context.fillRect(mapWidth - creditWidth - PAD, creditTop, creditWidth + PAD, LINE + PAD / 2);
  context.fillStyle = '#c9d4df';
  context.textAlign = 'right';
  context.fillText(text.credits, mapWidth - PAD, creditTop + LINE / 2 + PAD / 4, mapWidth - 2 * PAD);

  // A scale bar in the map's lower left, above the credits' line: distances on the picture can be judged.
  const bar = text.metresPerPixel === null ? null : scaleBar(text.metresPerPixel, Math.min(120, mapWidth / 4));
  if (bar) {
    const left = PAD;
    const baseline = captionHeight + mapHeight - LINE - PAD;
    context.textAlign = 'left';
    const labelWidth = context.measureText(bar.label).width;
    context.fillStyle = 'rgba(11, 17, 24, 0.82)';
    context.fillRect(left - 4, baseline - LINE - 2, Math.max(bar.pixels, labelWidth) + 8, LINE + 8);
    context.strokeStyle = '#e6edf3';
    context.lineWidth = 2;
    context.beginPath();
    context.moveTo(left, baseline - 5);
    context.lineTo(left, baseline);
    context.lineTo(left + bar.pixels, baseline);
    context.lineTo(left + bar.pixels, baseline - 5);
    context.stroke();
    context.fillStyle = '#e6edf3';
    context.fillText(bar.label, left, baseline - LINE / 2 - 2);
  }

  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be made'))), 'image/png'));
}

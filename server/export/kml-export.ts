// The KML of an export: a Folder per layer, a Placemark per row (its name, its instant, its values as ExtendedData,
// its point). The XML builder escapes markup; characters that XML 1.0 cannot hold at all (control characters that
// an outside source may send) are dropped, so no value can break the document.
import { XMLBuilder } from 'fast-xml-parser';
import { type ExportAccount, exportAccountWords } from './export-account.js';
import type { ExportLayer, ExportValue } from './export-rows.js';

const LAYER_TITLES = { fires: 'Fire detections', aircraft: 'Aircraft', incidents: 'Incidents', events: 'News & events' } as const;

// Everything outside XML 1.0's Char production: C0 controls but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '');
}

const text = (value: ExportValue): string => (value === null ? '' : xmlText(String(value)));

// Unindented: a third smaller, and KML readers do not need the whitespace.
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

/** `account`: what the file is of, in words as the Document's description (shown when the file is opened). */
export function exportKml(layers: readonly ExportLayer[], title: string, account: ExportAccount): string {
  const folders = layers.map((layer) => ({
    name: LAYER_TITLES[layer.name],
    Placemark: layer.rows.map((row) => ({
      name: text(row.title),
      ...(row.when ? { TimeStamp: { when: row.when } } : {}),
      ExtendedData: {
        Data: [
          { '@_name': 'layer', value: layer.name },
          ...layer.columns.map((column) => ({ '@_name': column, value: text(row.values[column] ?? null) })),
        ],
      },
      Point: { coordinates: `${row.longitude},${row.latitude}` },
    })),
  }));
  const document = { kml: { '@_xmlns': 'http://www.opengis.net/kml/2.2', Document: { name: xmlText(title), description: xmlText(exportAccountWords(account)), Folder: folders } } };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(document)}`;
}

// Which aircraft fight fires, and why we think so (resources/firefighting-aircraft.json).
// A flag needs type evidence (a dedicated firefighting type, or a dual-use type with a firefighting callsign,
// operator or registration) or a registry match (the registered owner/operator or registration names a
// firefighting operation). A callsign alone never flags: callsign prefixes are shared with military trainers
// (HAWK2xx) and registrations flown as callsigns (C-FRGY as CFRGY).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { projectPath } from '../project-root.js';

const listSchema = z.object({
  typeCodes: z.record(z.string(), z.string()),
  dualUseTypes: z.record(z.string(), z.string()),
  evidence: z.object({
    callsignPatterns: z.array(z.string()),
    operatorPatterns: z.array(z.string()),
    registrationPatterns: z.array(z.string()),
  }),
});

export const FIREFIGHTING_LIST_FILE = pathToFileURL(projectPath('resources', 'firefighting-aircraft.json'));

export interface AircraftIdentity {
  typeCode: string | null;
  callsign: string | null;
  /** The registered owner/operator (readsb/aggregators `ownOp`, from the aircraft registry). */
  operator: string | null;
  registration: string | null;
}

/**
 * `reason` starts with what the flag rests on: `type …` (a dedicated type), `dual-use type … with …` (a dual-use
 * type and one piece of evidence), or `registry …` (owner/operator or registration, whatever the type).
 */
export type Identification = { firefighting: true; reason: string } | { firefighting: false; reason: null };

function firstMatch(patterns: readonly RegExp[], value: string | null): { value: string; pattern: RegExp } | null {
  const text = value?.trim();
  if (!text) return null;
  const pattern = patterns.find((candidate) => candidate.test(text));
  return pattern ? { value: text, pattern } : null;
}

export class FirefightingIdentifier {
  private readonly typeCodes: Map<string, string>;
  private readonly dualUse: Map<string, string>;
  private readonly callsigns: RegExp[];
  private readonly operators: RegExp[];
  private readonly registrations: RegExp[];

  constructor(list: z.input<typeof listSchema>) {
    const parsed = listSchema.parse(list);
    this.typeCodes = new Map(Object.entries(parsed.typeCodes).map(([code, text]) => [code.toUpperCase(), text]));
    this.dualUse = new Map(Object.entries(parsed.dualUseTypes).map(([code, text]) => [code.toUpperCase(), text]));
    const compile = (patterns: string[]) => patterns.map((pattern) => new RegExp(pattern, 'i'));
    this.callsigns = compile(parsed.evidence.callsignPatterns);
    this.operators = compile(parsed.evidence.operatorPatterns);
    this.registrations = compile(parsed.evidence.registrationPatterns);
  }

  static fromShippedList(): FirefightingIdentifier {
    return new FirefightingIdentifier(JSON.parse(readFileSync(FIREFIGHTING_LIST_FILE, 'utf8')));
  }

  identify(aircraft: AircraftIdentity): Identification {
    const type = aircraft.typeCode?.trim().toUpperCase() ?? '';
    const dedicated = this.typeCodes.get(type);
    if (dedicated) return { firefighting: true, reason: `type ${type}: ${dedicated}` };
    const operator = firstMatch(this.operators, aircraft.operator);
    const registration = firstMatch(this.registrations, aircraft.registration);
    const dualUse = this.dualUse.get(type);
    if (dualUse) {
      const callsign = firstMatch(this.callsigns, aircraft.callsign);
      const evidence = callsign
        ? `callsign ${callsign.value} matching /${callsign.pattern.source}/`
        : operator
          ? `operator "${operator.value}" matching /${operator.pattern.source}/`
          : registration
            ? `registration ${registration.value} matching /${registration.pattern.source}/`
            : null;
      if (evidence) return { firefighting: true, reason: `dual-use type ${type} (${dualUse}) with ${evidence}` };
    }
    const typeNote = type ? `type ${type}` : 'type unknown';
    if (operator) return { firefighting: true, reason: `registry operator "${operator.value}" matching /${operator.pattern.source}/ (${typeNote})` };
    if (registration) return { firefighting: true, reason: `registry registration ${registration.value} matching /${registration.pattern.source}/ (${typeNote})` };
    return { firefighting: false, reason: null };
  }
}

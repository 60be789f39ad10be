// Which aircraft fight fires, and why we think so (resources/firefighting-aircraft.json).
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const listSchema = z.object({
  typeCodes: z.record(z.string(), z.string()),
  dualUseTypes: z.record(z.string(), z.string()),
  evidence: z.object({
    callsignPatterns: z.array(z.string()),
    operatorPatterns: z.array(z.string()),
    registrationPatterns: z.array(z.string()),
  }),
});

export const FIREFIGHTING_LIST_FILE = new URL('../../resources/firefighting-aircraft.json', import.meta.url);

export interface AircraftIdentity {
  typeCode: string | null;
  callsign: string | null;
  operator: string | null;
  registration: string | null;
}

export type Identification = { firefighting: true; reason: string } | { firefighting: false; reason: null };

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
    const evidence = this.evidenceFor(aircraft);
    const dualUse = this.dualUse.get(type);
    if (dualUse && evidence) return { firefighting: true, reason: `dual-use type ${type} (${dualUse}) with ${evidence}` };
    // Without a type (OpenSky has none), a firefighting callsign alone is evidence enough.
    if (!type && evidence?.startsWith('callsign')) return { firefighting: true, reason: `${evidence} (type unknown)` };
    return { firefighting: false, reason: null };
  }

  private evidenceFor(aircraft: AircraftIdentity): string | null {
    const callsign = aircraft.callsign?.trim();
    const callsignMatch = callsign ? this.callsigns.find((pattern) => pattern.test(callsign)) : undefined;
    if (callsign && callsignMatch) return `callsign ${callsign} matching /${callsignMatch.source}/`;
    const operator = aircraft.operator?.trim();
    const operatorMatch = operator ? this.operators.find((pattern) => pattern.test(operator)) : undefined;
    if (operator && operatorMatch) return `operator "${operator}" matching /${operatorMatch.source}/`;
    const registration = aircraft.registration?.trim();
    const registrationMatch = registration ? this.registrations.find((pattern) => pattern.test(registration)) : undefined;
    if (registration && registrationMatch) return `registration ${registration} matching /${registrationMatch.source}/`;
    return null;
  }
}

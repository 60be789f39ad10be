// What a PostgreSQL `real` (float4) column can hold. PostgreSQL reads a value for it to the nearest float4 and refuses
// one that comes out infinite (beyond ±3.4e38) or zero when it was not (below 2^-150, about 7.0e-46, half the smallest
// float4 of 1.4e-45: "out of range for type real"); a JavaScript number rounded the same way (Math.fround) tells
// beforehand, so input is refused at the edge and a whole batch is not lost to one such value.

/** True when PostgreSQL stores this finite number in a `real` column instead of refusing it. */
export function fitsFloat4(value: number): boolean {
  const rounded = Math.fround(value);
  return Number.isFinite(rounded) && (rounded !== 0 || value === 0);
}

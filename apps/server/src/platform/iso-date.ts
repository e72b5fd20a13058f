/** A timestamp as the API answers it (ISO 8601), null kept. */
export function toIso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/** The UTC calendar day of a timestamp, `YYYY-MM-DD`. */
export function toIsoDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

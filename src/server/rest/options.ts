// GET /options/timezones — IANA zone → label with its current UTC offset.
import type { FastifyInstance } from 'fastify';

function offsetLabel(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT' alone means +00:00.
  return part === 'GMT' || !part ? 'GMT+00:00' : part;
}

export function timezoneOptions(at = new Date()): Record<string, string> {
  const zones = Intl.supportedValuesOf('timeZone');
  if (!zones.includes('UTC')) zones.push('UTC');
  const result: Record<string, string> = {};
  for (const zone of zones.sort()) result[zone] = `${zone.replace(/_/g, ' ')} (${offsetLabel(zone, at)})`;
  return result;
}

export function optionsRoutes(app: FastifyInstance): void {
  let cached: { body: Record<string, string>; day: number } | undefined;
  app.get('/options/timezones', async () => {
    // Offsets move with daylight saving time: recompute once a day.
    const day = Math.floor(Date.now() / 86_400_000);
    if (!cached || cached.day !== day) cached = { body: timezoneOptions(), day };
    return { data: cached.body };
  });
}

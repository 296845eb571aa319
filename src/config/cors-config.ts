// Cross-origin access to the table's API (the table file's `cors:`, docs/web-api.md, "CORS"): off unless
// the file names the origins a studio front end is served from. Only those origins may read answers;
// credentials travel in the Authorization header (never cookies), so none are allowed by CORS.
import { z } from 'zod';

/** An origin as a browser sends it: scheme, host and an optional port; no path, no trailing slash. */
const origin = z.string().regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, { error: 'an origin is scheme://host[:port], e.g. https://studio.example.com (no path, no trailing slash)' });

export const corsConfigSchema = z.strictObject({
  /** Origins whose pages may call the API. */
  origins: z.array(origin).min(1),
  /** How long a browser may keep a preflight's answer (seconds). */
  maxAgeSeconds: z.number().int().min(0).max(86_400).default(600),
});

export type CorsConfig = z.infer<typeof corsConfigSchema>;

import { z } from "zod";

/**
 * Imported first by main.tsx. Hosts run the view under a CSP without `unsafe-eval`; zod (inside
 * ext-apps and the MCP protocol code) would otherwise probe `new Function` before the App turns its
 * compiled parsers off, and every host would log that blocked probe as a CSP violation.
 */
z.config({ jitless: true });

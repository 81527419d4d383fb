import { z } from "zod";

/**
 * The web door's own argument schemas, for what the services' schemas do not cover. A server
 * action can be called with any arguments the wire format can express, not only with what our
 * pages send, so each action parses its arguments before anything reads them.
 */
export const formDataSchema = z.instanceof(FormData, { error: "Expected form data." });

/** The id of one API token, as the settings page sends it. */
export const tokenIdSchema = z.string().min(1).max(200);

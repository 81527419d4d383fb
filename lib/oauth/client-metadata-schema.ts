import { z } from "zod";
import { redirectUriProblem } from "./redirect-uri";

const CLIENT_NAME_MAX = 100;
const MAX_REDIRECT_URIS = 10;

const redirectUri = z.string().superRefine((uri, ctx) => {
  const problem = redirectUriProblem(uri);
  if (problem) ctx.addIssue({ code: "custom", message: `redirect URI ${JSON.stringify(uri.slice(0, 200))} ${problem}` });
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text shown to people: no control characters, well-formed Unicode. */
const displayName = z
  .string()
  .trim()
  .min(1)
  .max(CLIENT_NAME_MAX)
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v) && !LONE_SURROGATE.test(v), "must be plain text without control characters");

const optionalUrl = z.string().max(2000).refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an http(s) URL").optional();

/** The client metadata both registration styles share (RFC 7591 §2); unknown members are ignored. */
const clientMetadata = z.object({
  redirect_uris: z.array(redirectUri).min(1, "at least one redirect URI is required").max(MAX_REDIRECT_URIS),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  application_type: z.enum(["web", "native"]).optional(),
  client_uri: optionalUrl,
  scope: z.string().max(1000).optional(),
});

const grantTypesSupported = ["authorization_code", "refresh_token"];

function checkFlows(doc: { grant_types?: string[]; response_types?: string[] }, ctx: z.RefinementCtx) {
  const unsupported = doc.grant_types?.filter((g) => !grantTypesSupported.includes(g)) ?? [];
  if (unsupported.length) ctx.addIssue({ code: "custom", path: ["grant_types"], message: `unsupported grant types: ${unsupported.join(", ")}` });
  if (doc.grant_types && !doc.grant_types.includes("authorization_code")) {
    ctx.addIssue({ code: "custom", path: ["grant_types"], message: "must include authorization_code" });
  }
  if (doc.response_types && doc.response_types.some((r) => r !== "code")) {
    ctx.addIssue({ code: "custom", path: ["response_types"], message: "only the code response type is supported" });
  }
}

/** Dynamic Client Registration request (RFC 7591). A name is optional there; the consent page says "unverified". */
export const registrationRequestSchema = clientMetadata
  .extend({
    client_name: displayName.optional(),
    token_endpoint_auth_method: z.enum(["none", "client_secret_post", "client_secret_basic"]).default("none"),
  })
  .superRefine(checkFlows);

/**
 * A Client ID Metadata Document: its `client_id` must be the URL it was fetched from, it needs a
 * name and redirect URIs, and it describes a public client (no secret can live in a public document).
 */
export function clientMetadataDocumentSchema(url: string) {
  return clientMetadata
    .extend({
      client_id: z.literal(url, { message: "must equal the URL the document was fetched from" }),
      client_name: displayName,
      token_endpoint_auth_method: z.literal("none", { message: "must be none: a public document cannot hold a secret" }).optional(),
      client_secret: z.undefined({ message: "must not be present" }).optional(),
    })
    .superRefine(checkFlows);
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

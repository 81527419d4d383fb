import { AUTHORIZE_PATH, issuer, REGISTER_PATH, REVOKE_PATH, TOKEN_PATH } from "./oauth-endpoints";
import { supportedScopes } from "./oauth-scopes";

const CLIENT_AUTH_METHODS = ["none", "client_secret_post", "client_secret_basic"];

/** RFC 8414 metadata of the app's authorization server, as MCP clients discover it. */
export function authorizationServerMetadata() {
  const origin = issuer();
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${AUTHORIZE_PATH}`,
    token_endpoint: `${origin}${TOKEN_PATH}`,
    registration_endpoint: `${origin}${REGISTER_PATH}`,
    revocation_endpoint: `${origin}${REVOKE_PATH}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    scopes_supported: [...supportedScopes],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${origin}/docs/mcp`,
  };
}

/** How long each credential of the authorization server lives. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;
/** A refresh token unused this long expires; a family of refresh tokens never outlives the hard cap. */
export const REFRESH_TOKEN_IDLE_MS = 30 * 24 * 60 * 60_000;
export const REFRESH_FAMILY_MAX_MS = 90 * 24 * 60 * 60_000;
/** A rotated refresh token presented again within this window is a concurrent refresh, not theft. */
export const REFRESH_REUSE_GRACE_MS = 30_000;

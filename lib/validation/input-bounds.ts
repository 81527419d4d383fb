/**
 * How large a piece of untrusted input may be as a graph, whatever its byte size. Request bodies are
 * capped at 1 MiB, but a server action's wire format can describe objects that refer to each other,
 * so a small body can stand for a cycle or for exponentially many nodes. Every walk over user data
 * is bounded by these numbers.
 */
/** Nesting deeper than any real document needs; also far below what JSON.stringify or jsonb can take. */
export const INPUT_MAX_DEPTH = 64;
/** More nodes than a 1 MiB body of JSON can hold as a tree of distinct values. */
export const INPUT_MAX_NODES = 500_000;

/** The largest value of PostgreSQL's `integer`, the type of version numbers and positions. */
export const DB_INT_MAX = 2_147_483_647;

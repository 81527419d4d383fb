/**
 * Every limit of the product in one place (docs/contract.md#bounds). Schemas, services, the MCP
 * descriptions and the web forms read them from here, so changing a limit is a one-line change.
 * "Characters" are Unicode code points, as JSON Schema's maxLength counts them.
 */

// Brief content
export const CONTENT_MAX_BYTES = 262_144;
export const LONG_TEXT_MAX = 4000;
export const LIST_ITEM_MAX = 1000;
export const ARRAY_MAX = 50;
export const ID_MAX = 200;
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
export const TICKET_TITLE_MAX = 500;
export const TICKET_DESCRIPTION_MAX = 10_000;
export const LINK_KIND_MAX = 200;
export const EXPECTED_TEXT_MAX = 262_144;
export const APPENDED_ITEM_MAX_BYTES = 16_384;

// Names and texts around a brief
export const TITLE_MAX = 500;
export const PROJECT_NAME_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const TRANSITION_REASON_MAX = 1000;
export const COMMENT_BODY_MAX = 10_000;
export const ACTOR_LABEL_MAX = 200;
export const TOKEN_NAME_MAX = 100;
export const PERSON_NAME_MAX = 100;
export const EMAIL_MAX = 254;

// Brief templates (docs/contract.md#templates): a name, its description, and how many one project keeps.
export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATES_PER_PROJECT_MAX = 100;

// Calls
export const IDEMPOTENCY_KEY_MAX = 255;
export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;
/** brief_search's query. */
export const SEARCH_QUERY_MAX = 200;
/** What the web shows per page, and the first page of each collection in brief_get_full. */
export const SHORT_PAGE_SIZE = 20;
/** The briefs the `brief://` resource list offers: the caller's most recently changed. */
export const RECENT_BRIEFS_MAX = 50;
/** Suggestions one completion answer gives (the MCP limit). */
export const COMPLETION_VALUES_MAX = 100;
/** HTTP bodies of the MCP endpoint and the checklist route. */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

// Proposals (docs/contract.md#proposals)
export const PROPOSAL_SUMMARY_MAX = 2000;
export const DECISION_REASON_MAX = 1000;

/** Work orders (docs/contract.md#work-orders): links per update, a link's URL, an update's note. */
export const WORK_ORDER_LINKS_MAX = 20;
export const LINK_URL_MAX = 2000;
export const WORK_ORDER_NOTE_MAX = 4000;

/**
 * Evidence and findings (docs/contract.md#evidence, docs/contract.md#findings): a file's decoded size
 * through MCP (its base64 must fit in the 1 MiB request body) and uploaded from the browser; a file's
 * name; an evidence summary and a finding's note or resolution.
 */
export const EVIDENCE_FILE_MAX_BYTES_MCP = 700_000;
export const EVIDENCE_FILE_MAX_BYTES_WEB = 5_000_000;
export const EVIDENCE_FILE_NAME_MAX = 200;
export const EVIDENCE_SUMMARY_MAX = 4000;
export const FINDING_NOTE_MAX = 4000;

/**
 * Import from the browser (README "Importing"): the files of one upload, and the whole form as it
 * is read (files, pasted text and choices), so a large upload is refused before it is buffered.
 * Each file's own bound is the import's (lib/import/import-limits.ts).
 */
export const IMPORT_FILES_MAX_WEB = 20;
export const IMPORT_UPLOAD_MAX_BYTES_WEB = 40 * 1024 * 1024;
/** How much of each section the import preview shows. */
export const IMPORT_PREVIEW_TEXT_MAX = 200;

/**
 * Notion names every exported page and folder after its title plus a space and the page's
 * 32-hex-digit id ("Roadmap 0123456789abcdef0123456789abcdef.md"). The id keeps names unique in the
 * export but means nothing to a reader, so titles drop it.
 */
const NOTION_ID = / [0-9a-f]{32}(?=(\.[^./]+)?$)/i;

/** The name without Notion's id suffix, keeping any extension: "Roadmap 0123…ef.md" → "Roadmap.md". */
export function stripNotionId(name: string): string {
  return name.replace(NOTION_ID, "");
}

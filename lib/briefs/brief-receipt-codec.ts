import type { SqlReceiptCodec } from "@/lib/idempotency/receipt-sql";
import { loadDocument, type SectionRef } from "./brief-document";
import { withChecklistMirror } from "./checklist-mirror";
import type { BriefRecord } from "./result-schemas";

/**
 * Receipts of brief writes keep the record without its content (up to 256 KiB) and rebuild the
 * content from the immutable version it names, so a replay returns the same result while a
 * toggle on a large brief still adds only a few KB to the database.
 */
type Stored<T> = Omit<T, "brief"> & { brief: Omit<BriefRecord, "content"> };

export function briefReceiptCodec<T extends { brief: BriefRecord }>(): SqlReceiptCodec<T> {
  return {
    store(result) {
      const brief: Partial<BriefRecord> = { ...result.brief };
      delete brief.content;
      return { ...result, brief };
    },
    async load(sql, stored) {
      const value = stored as Stored<T>;
      const [version] = await sql.query<{ sections: SectionRef[] }>(`SELECT sections FROM "BriefVersion" WHERE "briefId" = $1 AND "versionNum" = $2`, [
        value.brief.id,
        value.brief.versionNum,
      ]);
      if (!version) throw new Error(`version ${value.brief.versionNum} of brief ${value.brief.id} named by a receipt is missing`);
      const content = withChecklistMirror((await loadDocument(sql, version.sections)).content);
      return { ...value, brief: { ...value.brief, content } } as unknown as T;
    },
  };
}

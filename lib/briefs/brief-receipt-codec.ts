import type { ReceiptCodec } from "@/lib/idempotency/run-idempotent";
import { withChecklistMirror } from "./checklist-mirror";
import type { BriefRecord } from "./brief-record";
import { loadVersionContent } from "./version-store";

/**
 * Receipts of brief writes keep the record without its content (up to 256 KiB) and rebuild the
 * content from the immutable version it names, so a replay returns the same result while a
 * toggle on a large brief still adds only a few KB to the database.
 */
type Stored<T> = Omit<T, "brief"> & { brief: Omit<BriefRecord, "content"> };

export function briefReceiptCodec<T extends { brief: BriefRecord }>(): ReceiptCodec<T> {
  return {
    store(result) {
      const brief: Partial<BriefRecord> = { ...result.brief };
      delete brief.content;
      return { ...result, brief };
    },
    async load(tx, stored) {
      const value = stored as Stored<T>;
      const version = await tx.briefVersion.findUniqueOrThrow({
        where: { briefId_versionNum: { briefId: value.brief.id, versionNum: value.brief.versionNum } },
        select: { sections: true },
      });
      const content = withChecklistMirror(await loadVersionContent(tx, version));
      return { ...value, brief: { ...value.brief, content } } as unknown as T;
    },
  };
}

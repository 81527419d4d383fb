"use client";

import type { ActionResult } from "@/lib/web/action-result";
import { ConfirmDialog } from "../ui/confirm-dialog";

export function DisconnectAppButton({
  grantId,
  name,
  disconnect,
}: {
  grantId: string;
  name: string;
  disconnect: (grantId: string) => Promise<ActionResult<null>>;
}) {
  return (
    <ConfirmDialog
      triggerLabel="Disconnect"
      triggerAriaLabel={`Disconnect ${name}`}
      triggerVariant="secondary"
      title={`Disconnect “${name}”?`}
      confirmLabel="Disconnect"
      onConfirm={async () => {
        const result = await disconnect(grantId);
        return result.ok ? null : result.error.message;
      }}
    >
      The application loses access at once: its next request is refused. To use it again, connect it again from the
      application and sign in.
    </ConfirmDialog>
  );
}

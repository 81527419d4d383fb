"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies `text` to the clipboard and says so; if the browser refuses, it says how to copy by hand. */
export function CopyButton({ text, label = "Copy", what }: { text: string; label?: string; what?: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="secondary" onClick={copy} aria-label={what ? `${label} ${what}` : undefined}>
        {status === "copied" ? "Copied" : label}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {status === "copied" ? "Copied to the clipboard." : status === "failed" ? "Copying was blocked; select the text and copy it by hand." : ""}
      </span>
    </span>
  );
}

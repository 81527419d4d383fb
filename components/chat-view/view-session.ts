import type { BriefView, ChecklistRow } from "@/lib/briefs/brief-view";
import { readBriefView, readToolError, type ToolError, type ToolResultLike } from "./read-tool-result";

/** What the view needs from its host: tools through the host's own connection, and the model's ear. */
export type ViewHost = {
  callTool(name: string, args: Record<string, unknown>): Promise<ToolResultLike>;
  tellModel(text: string): Promise<void>;
  newKey(): string;
};

export type Notice = { tone: "info" | "error"; text: string };

export type ViewState = {
  /** waiting: no data yet; ready: a brief is shown; failed: nothing can be shown (see failure). */
  phase: "waiting" | "ready" | "failed";
  view: BriefView | null;
  /** The row being written and the value asked for; one at a time. */
  pending: { index: number; checked: boolean } | null;
  notice: Notice | null;
  failure: string | null;
};

/**
 * The view's state and the one thing a person does in it: tick a row. Framework-free so the rules
 * are tested without a browser. A tick is sent with the version and row text the person saw and a
 * fresh idempotency key, so it applies once or not at all; whatever the answer, the list then shows
 * the server's current state, never a guess.
 */
export class ViewSession {
  private state: ViewState = { phase: "waiting", view: null, pending: null, notice: null, failure: null };
  private listeners = new Set<() => void>();
  private briefId: string | null = null;
  /** What the person changed in this view, for the model; each update replaces the previous one. */
  private changes: string[] = [];

  constructor(private readonly host: ViewHost) {}

  getState = (): ViewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  receiveInput(args: Record<string, unknown> | undefined): void {
    if (typeof args?.briefId === "string") this.briefId = args.briefId;
  }

  async receiveResult(result: ToolResultLike): Promise<void> {
    if (result.isError) {
      this.set({ phase: "failed", failure: readToolError(result).message });
      return;
    }
    const view = readBriefView(result);
    if (view) this.show(view);
    else if (this.briefId) await this.reload();
    else this.set({ phase: "failed", failure: "The host passed no brief to show." });
  }

  receiveCancel(reason: string | undefined): void {
    this.failBeforeData(reason ? `The call was cancelled: ${reason}` : "The call was cancelled.");
  }

  /** The view could not connect to its host: nothing will arrive. */
  hostUnavailable(): void {
    this.failBeforeData("The view could not connect to the chat it is shown in.");
  }

  private failBeforeData(failure: string): void {
    if (this.state.phase === "waiting") this.set({ phase: "failed", failure });
  }

  /** Reads the brief again through the host; false when that failed (the notice says why). */
  async reload(): Promise<boolean> {
    const briefId = this.state.view?.briefId ?? this.briefId;
    if (!briefId) return false;
    try {
      const result = await this.host.callTool("brief_show", { briefId });
      const view = readBriefView(result);
      if (view) {
        this.show(view);
        return true;
      }
      this.failLoad(`The brief could not be read again: ${readToolError(result).message}`);
    } catch {
      this.failLoad("The brief could not be read again: the host did not answer.");
    }
    return false;
  }

  async tick(index: number): Promise<void> {
    const { view, pending } = this.state;
    const row = view?.checklist[index];
    if (!view || !row || !view.canTick || pending) return;
    const checked = !row.checked;
    this.set({ pending: { index, checked }, notice: null });
    let result: ToolResultLike;
    try {
      result = await this.host.callTool("brief_checklist_update", {
        briefId: view.briefId,
        index,
        expectedText: row.text,
        checked,
        ifVersionNum: view.versionNum,
        idempotencyKey: this.host.newKey(),
      });
    } catch {
      // No answer: the write may or may not have happened. Only the server knows; ask it.
      await this.settle(() => `“${row.text}” could not be confirmed: the host did not answer. The list shows what Briefs has now.`);
      return;
    }
    if (result.isError) {
      const error = readToolError(result);
      await this.settle((now) => refusal(row, checked, error, now));
      return;
    }
    const written = (result.structuredContent as { brief?: { versionNum?: number } } | undefined)?.brief?.versionNum;
    const fresh = await this.settle(() => null);
    const now = this.state.view;
    if (fresh && now) {
      const shown = now.checklist[index];
      this.changes.push(changeLine(row, checked, written ?? now.versionNum));
      await this.tellModel(now, shown);
    } else {
      this.set({ notice: { tone: "info", text: `“${row.text}” was ${checked ? "checked" : "unchecked"} (version ${written ?? "?"}), but the view could not refresh.` } });
    }
  }

  /** Ends a tick: reloads, clears the pending row and sets the notice the reloaded view calls for. */
  private async settle(notice: (now: BriefView) => string | null): Promise<boolean> {
    const fresh = await this.reload();
    const text = fresh && this.state.view ? notice(this.state.view) : null;
    this.set({ pending: null, ...(fresh && { notice: text ? { tone: "error", text } : null }) });
    return fresh;
  }

  private async tellModel(view: BriefView, row: ChecklistRow | undefined): Promise<void> {
    const summary =
      `In the Briefs view the person changed the QA checklist of the brief “${view.title}” (briefId ${view.briefId}): ` +
      `${this.changes.join("; ")}. It is now at version ${view.versionNum}, ${checkedCount(view.checklist)} of ${view.checklist.length} rows checked` +
      (row?.checkedBy ? `; the last tick is recorded as by ${row.checkedBy}.` : ".");
    try {
      await this.host.tellModel(summary);
    } catch {
      // A host without model context still shows the change; nothing to undo.
    }
  }

  private show(view: BriefView): void {
    this.briefId = view.briefId;
    this.set({ phase: "ready", view, failure: null });
  }

  private failLoad(text: string): void {
    if (this.state.view) this.set({ notice: { tone: "error", text } });
    else this.set({ phase: "failed", failure: text });
  }

  private set(patch: Partial<ViewState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

function changeLine(row: ChecklistRow, checked: boolean, versionNum: number): string {
  return `${checked ? "checked" : "unchecked"} row ${row.index} “${row.text}” (version ${versionNum})`;
}

/** Why a tick did not apply, told against the state just reloaded. */
/** How many of the rows are ticked: the view's progress and what the model is told. */
export function checkedCount(rows: readonly ChecklistRow[]): number {
  return rows.filter((row) => row.checked).length;
}

export function refusal(row: ChecklistRow, checked: boolean, error: ToolError, now: BriefView): string {
  const same = now.checklist.find((candidate) => candidate.text === row.text);
  if (error.code === "BRIEF_VERSION_CONFLICT") {
    if (same && same.checked === checked) {
      return `“${row.text}” is already ${checked ? "checked" : "unchecked"}${same.checkedBy && checked ? ` (by ${same.checkedBy})` : ""}: someone changed the brief meanwhile. Nothing was changed twice.`;
    }
    return `Someone changed the brief meanwhile (now version ${now.versionNum}), so “${row.text}” was not changed. The list shows the current state; tick it again if you still want to.`;
  }
  return `“${row.text}” was not ${checked ? "checked" : "unchecked"}: ${error.message}`;
}

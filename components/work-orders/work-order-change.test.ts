import { describe, expect, it } from "vitest";
import { untouchedWorkOrder } from "@/lib/work-orders/work-order-history";
import { workOrderChangeOf } from "./work-order-change";

const empty = { status: "in_progress", assignee: "", linkLabel: "", linkUrl: "", note: "" };

describe("workOrderChangeOf", () => {
  it("leaves the assignee out on a ticket nobody is on, so starting it claims it", () => {
    expect(workOrderChangeOf(untouchedWorkOrder("T-1"), empty)).toEqual({ change: { status: "in_progress" } });
  });

  it("clears an assignee that was emptied and keeps one left as it was out of the change", () => {
    const taken = { ...untouchedWorkOrder("T-1"), assignee: "Ada" };
    expect(workOrderChangeOf(taken, empty)).toEqual({ change: { status: "in_progress", assignee: null } });
    expect(workOrderChangeOf(taken, { ...empty, assignee: " Ada " })).toEqual({ change: { status: "in_progress" } });
    expect(workOrderChangeOf(taken, { ...empty, assignee: "Bo" })).toEqual({ change: { status: "in_progress", assignee: "Bo" } });
  });

  it("sends a link only with both its label and its address", () => {
    expect(workOrderChangeOf(untouchedWorkOrder("T-1"), { ...empty, linkLabel: "pull request" })).toEqual({ problem: "A link needs both a label and an address." });
    expect(workOrderChangeOf(untouchedWorkOrder("T-1"), { ...empty, status: "done", linkLabel: "PR", linkUrl: "https://x.test/1", note: " shipped " })).toEqual({
      change: { status: "done", links: [{ label: "PR", url: "https://x.test/1" }], note: "shipped" },
    });
  });

  it("refuses a status the contract does not have", () => {
    expect(workOrderChangeOf(untouchedWorkOrder("T-1"), { ...empty, status: "finished" })).toEqual({ problem: "Choose a status." });
  });
});

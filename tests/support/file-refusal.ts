import { expect } from "vitest";

/** The message of an upload's refusal: a VALIDATION_ERROR with one issue at `file`, as the import's report shows it. */
export function fileRefusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "file" }] } });
    return (error as { details: { issues: { message: string }[] } }).details.issues[0].message;
  }
  throw new Error("expected the file to be refused");
}

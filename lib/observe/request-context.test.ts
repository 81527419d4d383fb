import { describe, expect, it } from "vitest";
import { requestIdFrom } from "./request-context";

describe("requestIdFrom", () => {
  it.each(["edge-proxy:4f2a9c1e", "0192f3a4-5b6c-7d8e-9f01-23456789abcd", "Root=1-67891233-abcdef012345678912345678"])("keeps the caller's well-formed id %s", (id) => {
    expect(requestIdFrom(id)).toBe(id);
  });

  it.each([["missing", undefined], ["too short", "abc"], ["with spaces", "no spaces here"], ["with markup", "<script>x</script>"], ["too long", "a".repeat(129)], ["a newline", "abcdefgh\nforged"]])(
    "replaces one %s with a fresh UUID",
    (_, id) => {
      expect(requestIdFrom(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    },
  );
});

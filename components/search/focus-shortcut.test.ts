import { describe, expect, it } from "vitest";
import { isSearchShortcut } from "./focus-shortcut";

const press = (key: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "isComposing" | "defaultPrevented", boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  isComposing: false,
  defaultPrevented: false,
  ...mods,
});
const body = { tagName: "BODY", isContentEditable: false } as unknown as EventTarget;

describe("isSearchShortcut", () => {
  it("takes / and Ctrl-K or Cmd-K on the page", () => {
    expect(isSearchShortcut(press("/"), body)).toBe(true);
    expect(isSearchShortcut(press("k", { ctrlKey: true }), body)).toBe(true);
    expect(isSearchShortcut(press("K", { metaKey: true }), body)).toBe(true);
    expect(isSearchShortcut(press("/"), null)).toBe(true);
  });

  it("leaves every other key alone", () => {
    expect(isSearchShortcut(press("k"), body)).toBe(false);
    expect(isSearchShortcut(press("/", { ctrlKey: true }), body)).toBe(false);
    expect(isSearchShortcut(press("k", { ctrlKey: true, shiftKey: true }), body)).toBe(false);
    expect(isSearchShortcut(press("k", { ctrlKey: true, altKey: true }), body)).toBe(false);
    expect(isSearchShortcut(press("/", { isComposing: true }), body)).toBe(false);
    expect(isSearchShortcut(press("/", { defaultPrevented: true }), body)).toBe(false);
  });

  it.each(["INPUT", "TEXTAREA", "SELECT"])("never takes a key typed into a %s", (tagName) => {
    const field = { tagName, isContentEditable: false } as unknown as EventTarget;
    expect(isSearchShortcut(press("/"), field)).toBe(false);
    expect(isSearchShortcut(press("k", { ctrlKey: true }), field)).toBe(false);
  });

  it("never takes a key typed into editable content", () => {
    const editable = { tagName: "DIV", isContentEditable: true } as unknown as EventTarget;
    expect(isSearchShortcut(press("/"), editable)).toBe(false);
  });
});

import { performance } from "node:perf_hooks";
import { briefToMarkdown } from "@/lib/briefs/brief-markdown";
import { readMarkdownBrief } from "@/lib/import/read-markdown-brief";
import { bodyTree } from "@/lib/import/markdown-tree";
import { bodyItems } from "@/lib/import/list-blocks";
import { brief194KiB } from "@/tests/support/brief-194kib";
import { savedCardsBrief } from "@/lib/demo/demo-content";
for (const content of [brief194KiB(), savedCardsBrief]) {
for (let i = 0; i < 4; i++) {
  let t = performance.now();
  const md = briefToMarkdown({ title: "L", projectName: "P", state: "drafting", versionNum: 1, hash: null, updatedAt: new Date(), content });
  const e = performance.now() - t; t = performance.now(); readMarkdownBrief(md);
  console.log("export", e.toFixed(0), "read", (performance.now() - t).toFixed(0));
}}
const body = (brief194KiB().requirements as string[]).map((r) => `- ${r}`).join("\n");
for (let i = 0; i < 3; i++) { let t = performance.now(); bodyTree(body); const a = performance.now() - t; t = performance.now(); bodyItems(body); console.log("parse", a.toFixed(0), "items", (performance.now() - t).toFixed(0)); }

import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create();
const text = "Customers reconcile their quarterly statements without calling support. Then a very long paragraph follows with many words that go on and on about the walrus format and other interesting things that happen later in the text, such as refunds and adjustments.\nUse the walrus format\ncall with the albatross team";
for (const opts of ["MaxWords=28, MinWords=10, MaxFragments=2", "MaxWords=28, MinWords=10", "MaxWords=20, MinWords=10, MaxFragments=1", "MaxWords=28, MinWords=10, MaxFragments=2, ShortWord=0"]) {
  for (const q of ["walrus", "refunds", "customers", "albatross"]) {
    const r = await db.query("select ts_headline('english', $1, websearch_to_tsquery('english', $2), $3) h", [text, q, opts]);
    console.log(opts, "|", q, "=>", r.rows[0].h);
  }
}
console.log((await db.query("select websearch_to_tsquery('english', 'evidence/zeppelin.md')::text a, to_tsvector('english','see https://figma.com/file/abc-def and docs/x.md and a.b@c.com')::text b")).rows);

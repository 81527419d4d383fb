/**
 * What tools/list publishes is read on every connection, so it is kept lean without losing a rule of
 * the contract (docs/mcp.md#the-size-of-toolslist). zod's JSON Schema goes out with:
 *
 * - no `$schema`: MCP makes JSON Schema 2020-12 the default dialect (SEP-1613, 2025-11-25);
 * - a `date-time` format without zod's 300-character pattern for the same thing (RFC 3339), and no
 *   keyword that allows what is allowed anyway (`additionalProperties: {}`, string property names);
 * - "this or null" in one schema rather than a choice of two (`type: ["string", "null"]`, an enum with null);
 * - in arguments, the brief document's recurring parts (an id, a long text, a text list, criteria,
 *   checklist rows) once under `$defs`, referred to where they recur;
 * - in results, the brief document by reference to the `content` argument that states its sections and
 *   bounds, no field descriptions (the tool descriptions and docs/contract.md say what results mean),
 *   no `type` a string enum, a const or the object root already implies, and a count of properties where
 *   every allowed name is required (rather than `additionalProperties: false` or a `propertyNames` enum).
 *   Results stay free of `$ref`: clients check structuredContent against them, and not every client
 *   resolves references.
 *
 * The service still checks every result against its complete zod schema before sending it.
 */

type Json = Record<string, unknown>;

/** Keywords whose value maps names to subschemas: their keys are names, not keywords. */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Keywords whose value is data, never a schema. */
const DATA = new Set(["const", "enum", "default", "examples", "required"]);

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

function without(node: Json, key: string): Json {
  const rest = { ...node };
  delete rest[key];
  return rest;
}

/**
 * Rebuilds a schema with `edit` applied to each subschema. `edit` returns the replacement, or
 * undefined to keep the node and go on into its subschemas; top-down, so a replaced node's inside is
 * never visited. Property names and data values are never taken for schemas.
 */
function rewrite(schema: unknown, edit: (node: Json) => Json | undefined): unknown {
  if (Array.isArray(schema)) return schema.map((item) => rewrite(item, edit));
  if (!isObject(schema)) return schema;
  const replaced = edit(schema);
  if (replaced) return replaced;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DATA.has(key)) out[key] = value;
    else if (NAME_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, rewrite(sub, edit)]));
    } else out[key] = rewrite(value, edit);
  }
  return out;
}

/** Applies `rule` to every subschema, children first. */
function everywhere(schema: Json, rule: (node: Json) => Json): Json {
  const apply = (node: Json): Json => {
    const inner = rewrite(node, (child) => (child === node ? undefined : apply(child))) as Json;
    return rule(inner);
  };
  return apply(schema);
}

/** Stable text of a schema, for recognising one: key order ignored. */
function fingerprint(schema: unknown): string {
  return JSON.stringify(schema, (_key, value) =>
    isObject(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  );
}

const withoutDialect = (schema: Json): Json => without(schema, "$schema");

const withoutDateTimePattern = (node: Json): Json =>
  node.format === "date-time" && "pattern" in node ? without(node, "pattern") : node;

const withoutDescription = (node: Json): Json => (typeof node.description === "string" ? without(node, "description") : node);

/** zod bounds every integer to the safe range; in a result that the service makes it says nothing. */
function withoutSafeIntegerBounds(node: Json): Json {
  let lean = node;
  if (lean.minimum === Number.MIN_SAFE_INTEGER) lean = without(lean, "minimum");
  if (lean.maximum === Number.MAX_SAFE_INTEGER) lean = without(lean, "maximum");
  return lean;
}

/** Every JSON object's keys are strings; zod says so for records. */
const withoutStringPropertyNames = (node: Json): Json =>
  fingerprint(node.propertyNames) === fingerprint({ type: "string" }) ? without(node, "propertyNames") : node;

/** An enum of strings, or a string or boolean const, needs no `type` beside it that says the same. */
const withoutTypeBesideStringEnum = (node: Json): Json =>
  (node.type === "string" && Array.isArray(node.enum) && node.enum.every((value) => typeof value === "string")) ||
  ((node.type === "string" || node.type === "boolean") && typeof node.const === node.type)
    ? without(node, "type")
    : node;

/** A root that is a choice of objects (success or error envelope) says `type: "object"` once, at the root. */
function withObjectRoot(root: Json): Json {
  const branches = root.anyOf;
  if (!Array.isArray(branches) || !branches.every((branch) => isObject(branch) && branch.type === "object")) return root;
  if (root.type !== undefined && root.type !== "object") return root;
  return { type: "object", ...root, anyOf: branches.map((branch) => without(branch as Json, "type")) };
}

/** `additionalProperties: {}` allows what is allowed anyway. */
const withoutOpenAdditionalProperties = (node: Json): Json =>
  isObject(node.additionalProperties) && Object.keys(node.additionalProperties).length === 0
    ? without(node, "additionalProperties")
    : node;

/** `{anyOf: [{type: "string"}, {type: "null"}]}` says `{type: ["string", "null"]}` at greater length. */
function withTypeUnion(node: Json): Json {
  const options = node.anyOf;
  if (!Array.isArray(options) || "type" in node) return node;
  if (!options.every((option) => isObject(option) && Object.keys(option).length === 1 && typeof option.type === "string")) return node;
  return { type: options.map((option) => (option as Json).type), ...without(node, "anyOf") };
}

/** Keywords that constrain only values of one type; beside `type: [T, "null"]` they leave null alone. */
const numberKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const keywordsOfType: Record<string, readonly string[]> = {
  string: ["minLength", "maxLength", "pattern", "format"],
  integer: numberKeywords,
  number: numberKeywords,
  array: ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"],
  object: ["properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties"],
};

/**
 * `{anyOf: [X, {type: "null"}]}` said once: a string enum takes null among its values, and a schema of one
 * type whose other keywords constrain only that type becomes `{type: [T, "null"], …}`. Null passes, and
 * every other value meets the same rules, as before.
 */
function withNullMerged(node: Json): Json {
  const options = node.anyOf;
  if (!Array.isArray(options) || options.length !== 2 || "type" in node || "enum" in node) return node;
  const nullAt = options.findIndex((option) => isObject(option) && Object.keys(option).length === 1 && option.type === "null");
  const other = options[1 - nullAt];
  if (nullAt < 0 || !isObject(other)) return node;
  const rest = without(node, "anyOf");
  const keys = Object.keys(other);
  if (Array.isArray(other.enum)) {
    // With or without the `type: "string"` that a string enum implies (results drop it, children first).
    const stringEnum = other.enum.every((value) => typeof value === "string") && keys.length === (other.type === "string" ? 2 : 1);
    return stringEnum && (other.type === "string" || other.type === undefined) ? { enum: [...other.enum, null], ...rest } : node;
  }
  if (typeof other.type !== "string") return node;
  const allowed = keywordsOfType[other.type] ?? [];
  if (!keys.every((key) => key === "type" || allowed.includes(key))) return node;
  return { type: [other.type, "null"], ...without(other, "type"), ...rest };
}

/** Whether `required` names exactly `names`: then an object has those names and, if closed to others, no more. */
function requiresExactly(required: unknown, names: unknown[]): boolean {
  if (!Array.isArray(required)) return false;
  const set = new Set(required);
  return set.size === names.length && names.every((name) => typeof name === "string" && set.has(name));
}

/**
 * An object that requires every name it allows has exactly those names: saying at most that many
 * properties is the same rule in fewer bytes, whether the names are allowed by a `propertyNames` enum
 * or by `properties` with `additionalProperties: false`.
 */
function withPropertyCount(node: Json): Json {
  if ("maxProperties" in node) return node;
  const names = isObject(node.propertyNames) ? node.propertyNames.enum : undefined;
  if (Array.isArray(names) && Object.keys(node.propertyNames as Json).length === 1 && requiresExactly(node.required, names)) {
    return { ...without(node, "propertyNames"), maxProperties: names.length };
  }
  const closed = node.additionalProperties === false && !("patternProperties" in node) && isObject(node.properties);
  if (closed && requiresExactly(node.required, Object.keys(node.properties as Json))) {
    return { ...without(node, "additionalProperties"), maxProperties: (node.required as unknown[]).length };
  }
  return node;
}

const resultRules = [
  withoutDescription,
  withoutDateTimePattern,
  withoutSafeIntegerBounds,
  withoutStringPropertyNames,
  withoutTypeBesideStringEnum,
  withoutOpenAdditionalProperties,
  withTypeUnion,
  withNullMerged,
  withPropertyCount,
];
const leanResultNode = (node: Json): Json => resultRules.reduce((lean, rule) => rule(lean), node);

/** A named part shared within one argument schema: where it occurs twice or more, `$defs` holds it once. */
export type SharedPart = { name: string; schema: Json };

/**
 * Replaces each subschema equal to a shared part (its own description aside) with a `$ref` to one copy
 * under `$defs`, outermost first; a part may use another. A part that occurs only once stays inline.
 */
function shareParts(schema: Json, parts: readonly SharedPart[]): Json {
  const known = parts.map(({ name, schema: part }) => ({ name, fingerprint: fingerprint(leanArgumentNodes(withoutDialect(part))) }));
  const partOf = (node: Json) => known.find((part) => part.fingerprint === fingerprint(withoutDescription(node)));
  const counts = new Map<string, number>();
  rewrite(schema, (node) => {
    const part = partOf(node);
    if (part) counts.set(part.name, (counts.get(part.name) ?? 0) + 1);
    return undefined;
  });
  const defs: Json = {};
  const share = (root: Json): Json =>
    rewrite(root, (node) => {
      const part = node === root ? undefined : partOf(node);
      if (!part || (counts.get(part.name) ?? 0) < 2) return undefined;
      if (!(part.name in defs)) {
        defs[part.name] = {}; // taken before recursing, so a part never refers to itself
        defs[part.name] = share(withoutDescription(node));
      }
      return { $ref: `#/$defs/${part.name}`, ...(typeof node.description === "string" && { description: node.description }) };
    }) as Json;
  const shared = share(schema);
  return Object.keys(defs).length ? { ...shared, $defs: defs } : shared;
}

const leanArgumentNodes = (schema: Json): Json =>
  everywhere(schema, (node) => withNullMerged(withoutOpenAdditionalProperties(withoutStringPropertyNames(withoutDateTimePattern(node)))));

/** A tool's inputSchema: every bound and description as the zod schema states it, recurring parts once. */
export function leanInputSchema(schema: Json, parts: readonly SharedPart[] = []): Json {
  return shareParts(withoutDialect(leanArgumentNodes(schema)), parts);
}

/** A subschema named in results rather than restated: where `schema` occurs (whatever its description), `reference` stands. */
export type ByReference = { schema: Json; reference: Json };

/** A tool's outputSchema: every field, requirement, enum and nullability, without `$ref`. */
export function leanOutputSchema(schema: Json, byReference: readonly ByReference[] = []): Json {
  // Children are made lean before their parent, so a named schema is recognised by its lean form.
  const known = byReference.map(({ schema: named, reference }) => ({
    fingerprint: fingerprint(everywhere(withoutDialect(named), leanResultNode)),
    reference,
  }));
  return withObjectRoot(
    withoutDialect(
      everywhere(schema, (node) => {
        const lean = leanResultNode(node);
        return known.find((entry) => entry.fingerprint === fingerprint(lean))?.reference ?? lean;
      }),
    ),
  );
}

/**
 * The schema with every local `#/$defs/…` reference replaced by what it names: what a published
 * schema means, whatever is shared in it. The contract snapshot records this form.
 */
export function resolvedSchema(schema: Json): Json {
  const defs = isObject(schema.$defs) ? schema.$defs : {};
  const resolve = (root: unknown): unknown =>
    rewrite(root, (node) => {
      const ref = node.$ref;
      if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return undefined;
      const target = defs[ref.slice("#/$defs/".length)];
      if (!isObject(target)) throw new Error(`Unresolvable reference ${ref}`);
      return { ...(resolve(target) as Json), ...without(node, "$ref") };
    });
  return resolve(without(schema, "$defs")) as Json;
}

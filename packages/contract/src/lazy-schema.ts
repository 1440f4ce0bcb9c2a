/**
 * How many shared schemas (the contract's module-level `lazySchema` constants) have been built: a
 * test reads it to check that loading the contract builds none.
 */
export const lazySchemaBuilds = { count: 0 };

/** Each stand-in `lazySchema` returned, with the function that builds (once) what it stands for. */
const standIns = new WeakMap<object, () => object>();

/**
 * A schema shared between endpoints, built when it is first used rather than when the contract is
 * loaded: the module-level zod constants cost a restart 25-40 ms of its main thread (issue 15 item 8),
 * and most of them serve endpoints a restart never calls. The value stands for the schema itself
 * (same type, same methods: `.parse`, `.extend`, `.shape`, `.options`, nesting in `z.object`), so
 * the server and the web use it as before; the first property read builds it, once.
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  let schema: Schema | undefined;
  const built = (): Schema => {
    if (schema === undefined) {
      schema = build();
      lazySchemaBuilds.count += 1;
      withoutStandIns(schema, new WeakSet());
    }
    return schema;
  };
  const standIn = new Proxy({} as Schema, {
    get: (_, key) => Reflect.get(built(), key),
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    // Reported as configurable: the stand-in holds none of the schema's own properties, and a proxy
    // may not report a non-configurable one its target lacks (zod defines `_zod` non-configurable).
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
  standIns.set(standIn, built);
  return standIn;
}

/**
 * The schema itself for a stand-in, and any other schema with the built schemas in place of the
 * stand-ins it holds. Endpoint schemas pass through it (defineEndpoint): the OpenAPI document's
 * JSON Schema conversion tells schemas apart by identity, which a stand-in does not share with its
 * schema.
 */
export function withBuiltSchemas<Value>(value: Value): Value {
  if (value === null || typeof value !== 'object') return value;
  const build = standIns.get(value);
  if (build) return build() as Value;
  withoutStandIns(value, new WeakSet());
  return value;
}

/**
 * Puts the built schemas in place of the stand-ins a new schema holds (`z.array(quote)` holds
 * quote's stand-in): validation reads a nested schema once per value, and through a stand-in each
 * read costs a proxy trap (a 5000-row list validated about twice as slowly).
 */
function withoutStandIns(value: object, seen: WeakSet<object>): void {
  if (seen.has(value)) return;
  seen.add(value);
  const def = (value as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  // A schema's definition, or a shape of schemas (`paging`, a definition's `shape`).
  const holder: Record<string, unknown> = def ?? (value as Record<string, unknown>);
  for (const key of Object.keys(holder)) {
    const part = holder[key];
    if (part === null || typeof part !== 'object') continue;
    const build = standIns.get(part);
    if (build) {
      if (Object.getOwnPropertyDescriptor(holder, key)?.writable) holder[key] = build();
    } else if (Array.isArray(part)) {
      part.forEach((item, index) => {
        if (item === null || typeof item !== 'object') return;
        const buildItem = standIns.get(item);
        if (buildItem) part[index] = buildItem();
        else withoutStandIns(item, seen);
      });
    } else if (def === undefined || '_zod' in part || key === 'shape') {
      withoutStandIns(part, seen);
    }
  }
}

import * as z from 'zod/mini';

type Def = {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
};
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** The schema a value enters first: through optional, nullable, default and the input side of pipes. */
function entry(schema: z.core.$ZodType): z.core.$ZodType {
  for (let current = schema; ;) {
    const def = defOf(current);
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return current;
    current = next;
  }
}

/** The schema of one field of an object schema, by its form path ('user.email'). */
function fieldSchema(schema: z.core.$ZodType, path: string): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const key of path.split('.')) {
    const def = defOf(entry(current));
    current = def.type === 'object' ? def.shape?.[key] : undefined;
    if (!current) return undefined;
  }
  return current;
}

/**
 * The tightest `maxLength` check of a text schema. Read from its checks: zod's own aggregate lives
 * with its JSON Schema code, which the browser does not download.
 */
function maxLengthOf(text: z.core.$ZodString): number | undefined {
  const limits = (text._zod.def.checks ?? []).flatMap((check) =>
    check._zod.def.check === 'max_length' ? [(check._zod.def as z.core.$ZodCheckMaxLengthDef).maximum] : [],
  );
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

/** True when the schema has a field at this path (e.g. a field the API named in an error). */
export function hasField(schema: z.core.$ZodType, path: string): boolean {
  return fieldSchema(schema, path) !== undefined;
}

export type FieldRules = { required: boolean; maxLength: number | undefined };

/**
 * What the browser should know about a field, read from the contract schema itself so that the
 * `required` and `maxLength` attributes can never disagree with the rules the API applies: a field
 * is required when the schema refuses it empty, and its length limit is the schema's.
 */
export function fieldRules(schema: z.core.$ZodType, path: string): FieldRules {
  const field = fieldSchema(schema, path);
  if (!field) return { required: false, maxLength: undefined };
  const text = entry(field);
  return {
    required: !z.safeParse(field, '').success,
    maxLength: text instanceof z.core.$ZodString ? maxLengthOf(text) : undefined,
  };
}

// Response serialisation. Every route declares its response with the shared zod schema; the JSON is
// written by fast-json-stringify, compiled once per route from that schema's JSON Schema (only the
// declared fields leave the server). Outside production each response is first checked against the zod
// schema, so a handler returning the wrong shape fails loudly in development and in the tests; in
// production that check is skipped, it was the largest single cost of a status poll (BENCHMARKS.md).
import fastJson, { type Schema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type Stringify = (data: unknown) => string;

/**
 * zod's JSON Schema, made easy for fast-json-stringify: `anyOf: [X, null]` (what `.nullable()` becomes)
 * turns into X with `null` added to its type, so no branch has to be tried at run time.
 */
export function toSerializerSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
  return simplify(json) as Schema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.anyOf === undefined) {
      delete out.anyOf;
      const { enum: values, ...rest } = other;
      return {
        ...out,
        ...rest,
        type: [other.type, 'null'],
        ...(values ? { enum: [...(values as unknown[]), null] } : {}),
      };
    }
  }
  return out;
}

function resolveSchema(maybe: unknown): z.ZodType {
  if (maybe instanceof $ZodType) return maybe as unknown as z.ZodType;
  const properties = (maybe as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties as unknown as z.ZodType;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(maybe)}`);
}

/** Fastify serializer compiler; `checked` validates every response against its zod schema first. */
export function createSerializerCompiler(options: { checked: boolean }) {
  return ({ schema: maybe, method, url }: { schema: unknown; method: string; url: string }): Stringify => {
    const schema = resolveSchema(maybe);
    const stringify: Stringify = fastJson(toSerializerSchema(schema)) as Stringify;
    if (!options.checked) return stringify;
    return (data) => {
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}

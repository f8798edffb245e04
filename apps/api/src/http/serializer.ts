import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/** A route's response schema as Fastify hands it over: the zod schema, or wrapped in `properties`. */
export function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (
    typeof schema === 'object' &&
    schema !== null &&
    'properties' in schema &&
    schema.properties instanceof $ZodType
  )
    return schema.properties;
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/** Whether a value and everything it holds is frozen: nothing can change it any more. */
function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  for (const item of Object.values(value)) if (!deeplyFrozen(item)) return false;
  return true;
}

/**
 * Every answer is validated against its route's response schema (zod) and serialised from the
 * parsed value, as fastify-type-provider-zod's serializerCompiler does: a wrong answer is a 500,
 * never a broken contract. One difference: an answer that is a deeply frozen object (a constant
 * computed once, like a profile's permission codes or a reference list) cannot change, so its
 * validation and JSON are done once per route and remembered with the object itself (a WeakMap:
 * gone when the object is). The schema is resolved once per route instead of on every answer.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = zodSchemaOf(schema);
  const constants = new WeakMap<object, string>();
  return (data: unknown) => {
    const frozen = typeof data === 'object' && data !== null && Object.isFrozen(data) ? data : null;
    if (frozen) {
      const known = constants.get(frozen);
      if (known !== undefined) return known;
    }
    const result = safeParse(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    const json = JSON.stringify(result.data);
    if (frozen && deeplyFrozen(frozen)) constants.set(frozen, json);
    return json;
  };
};

import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the route's zod response
 * schema, which writes only the properties the contract declares: what zod's encoding gave, for
 * about half the CPU of a cached page (bench:api, docs/performance.md). Objects lose their
 * `additionalProperties: false`: a row's extra fields are dropped, not a reason to refuse the
 * answer, also where a union picks its branch by validating the value.
 */
const compiled = new WeakMap<$ZodType, (data: unknown) => string>();

/**
 * Compiled once per schema and kept: the contract's schemas are module constants, so a schema
 * several routes answer with, and every app a test file builds in the same process, reuses it
 * (compiling was about 200 ms of each app's start, docs/performance.md "The gate").
 */
export const serializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) => {
  let write = compiled.get(schema);
  if (!write) {
    write = fastJson(
      toJSONSchema(schema, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'any',
        override: ({ jsonSchema }) => {
          if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
        },
      }) as object,
    );
    compiled.set(schema, write);
  }
  return write;
};

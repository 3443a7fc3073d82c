import fc from 'fast-check';

/** The subset of JSON Schema that the contract's zod schemas become in the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

const maxSampleString = 64;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? maxSampleString, maxSampleString));
  if (schema.pattern) {
    try {
      // Longer than allowed is cut: the value is "mostly valid", which is what a fuzzer wants.
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .map((value) => (value.length > (schema.maxLength ?? Infinity) ? value.slice(0, schema.maxLength) : value));
    } catch {
      // A pattern fast-check cannot invert: fall through to plain text.
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const exclusiveMinimum = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMaximum = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min =
    schema.minimum ??
    (exclusiveMinimum !== undefined ? exclusiveMinimum + (isInteger ? 1 : Number.EPSILON) : -1_000_000);
  const max =
    schema.maximum ??
    (exclusiveMaximum !== undefined ? exclusiveMaximum - (isInteger ? 1 : Number.EPSILON) : 1_000_000);
  if (isInteger) {
    const low = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const high = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return low <= high
      ? fc.oneof(fc.integer({ min: low, max: Math.min(high, low + 1000) }), fc.integer({ min: low, max: high }))
      : fc.constant(low);
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values that the schema accepts (mostly: patterns are cut to length, formats are approximate), so a
 * request can get past validation and hostile values reach the code behind it.
 */
export function valueFromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant('x');
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((alternative) => valueFromSchema(alternative, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0)
    return valueFromSchema(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  let arbitrary: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      arbitrary = stringArbitrary(schema);
      break;
    case 'integer':
      arbitrary = numberArbitrary(schema, true);
      break;
    case 'number':
      arbitrary = numberArbitrary(schema, false);
      break;
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'array':
      arbitrary = fc.array(valueFromSchema(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
      break;
    case 'object':
    case undefined: {
      if (!schema.properties) {
        arbitrary = type === 'object' ? fc.constant({}) : fc.constant('x');
        break;
      }
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(schema.properties))
        model[name] = valueFromSchema(property, depth + 1);
      arbitrary = fc.record(model, { requiredKeys: [...required].filter((name) => name in model) });
      break;
    }
    default:
      arbitrary = fc.constant(null);
  }
  return schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'))
    ? fc.option(arbitrary, { nil: null, freq: 8 })
    : arbitrary;
}

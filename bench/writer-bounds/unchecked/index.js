// A bound for `node bench/writer-side-by-side.mjs`: the built package with `serializeError` replaced by
// a function written by hand for target 2's error alone, which reads its fields into three object literals
// and checks nothing. What it costs over the floor is the least any writer of this output can cost.
export * from '../../../dist/index.js';

export function serializeError(error) {
  const { name, code, category, message, retryable, status, requestId, details, cause, toolName } = error;
  const out = { name, code, category, message, retryable, status, requestId };
  const copy = {};
  for (const key in details) copy[key] = details[key];
  out.details = copy;
  out.toolName = toolName;
  out.cause = { name: cause.name, message: cause.message };
  return out;
}

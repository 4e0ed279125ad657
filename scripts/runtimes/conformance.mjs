// The conformance checks every runtime runs, written once in plain JavaScript against the public API
// of the packed package. A runner imports `faultline` the way an application on that runtime does,
// and hands in what the runtime has: the CJS build (where `require` exists) and a URL on 127.0.0.1
// that refuses connections (where the runtime can make a request). Never throws: every check ends as
// a result line, and what a runtime legitimately lacks is said, not skipped silently.

// The class table of the README, written out: name, parent, code, category, retryable by default.
const TABLE = [
  ['ModelError', 'FaultlineError', 'MODEL_ERROR', 'MODEL', false],
  ['ModelRateLimitError', 'ModelError', 'MODEL_RATE_LIMITED', 'MODEL', true],
  ['ModelTimeoutError', 'ModelError', 'MODEL_TIMEOUT', 'MODEL', true],
  ['ModelApiError', 'ModelError', 'MODEL_API_ERROR', 'MODEL', false],
  ['ModelContextLengthError', 'ModelError', 'MODEL_CONTEXT_LENGTH_EXCEEDED', 'MODEL', false],
  ['ModelQuotaExceededError', 'ModelError', 'MODEL_QUOTA_EXCEEDED', 'MODEL', false],
  ['ModelContentFilterError', 'ModelError', 'MODEL_CONTENT_FILTERED', 'MODEL', false],
  ['ToolError', 'FaultlineError', 'TOOL_ERROR', 'TOOL', false],
  ['ToolNotFoundError', 'ToolError', 'TOOL_NOT_FOUND', 'TOOL', false],
  ['ToolPermissionError', 'ToolError', 'TOOL_PERMISSION_DENIED', 'TOOL', false],
  ['ToolExecutionError', 'ToolError', 'TOOL_EXECUTION_ERROR', 'TOOL', false],
  ['ToolTimeoutError', 'ToolError', 'TOOL_TIMEOUT', 'TOOL', true],
  ['AgentError', 'FaultlineError', 'AGENT_ERROR', 'AGENT', false],
  ['AgentMaxIterationsError', 'AgentError', 'AGENT_MAX_ITERATIONS', 'AGENT', false],
  ['AgentStateError', 'AgentError', 'AGENT_INVALID_STATE_TRANSITION', 'AGENT', false],
  ['AgentAbortedError', 'AgentError', 'AGENT_ABORTED', 'AGENT', false],
  ['StorageError', 'FaultlineError', 'STORAGE_ERROR', 'STORAGE', false],
  ['SecurityError', 'FaultlineError', 'SECURITY_VIOLATION', 'SECURITY', false],
  ['AuthError', 'FaultlineError', 'AUTH_ERROR', 'AUTH', false],
  ['AuthenticationError', 'AuthError', 'AUTH_UNAUTHENTICATED', 'AUTH', false],
  ['AuthorizationError', 'AuthError', 'AUTH_FORBIDDEN', 'AUTH', false],
  ['ValidationError', 'FaultlineError', 'VALIDATION_FAILED', 'VALIDATION', false],
  ['TransientError', 'FaultlineError', 'TRANSIENT', 'TRANSIENT', true],
  ['TimeoutError', 'FaultlineError', 'TIMEOUT', 'TIMEOUT', true],
  ['UnknownError', 'FaultlineError', 'UNKNOWN_ERROR', 'UNKNOWN', false],
];
const FAMILIES = ['ModelError', 'ToolError', 'AgentError', 'StorageError', 'SecurityError', 'AuthError', 'ValidationError', 'TransientError', 'TimeoutError', 'UnknownError'];

function check(results, title, run) {
  try {
    const detail = run();
    results.push({ ok: true, title, detail });
  } catch (error) {
    results.push({ ok: false, title, detail: error instanceof Error ? error.message : String(error) });
  }
}

async function checkAsync(results, title, run) {
  try {
    const detail = await run();
    results.push({ ok: true, title, detail });
  } catch (error) {
    results.push({ ok: false, title, detail: error instanceof Error ? error.message : String(error) });
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * Runs every check against `esm` (the ES module build, as imported) and, when the runtime has one,
 * `cjs` (the CommonJS build, as required). `refusedUrl` is a URL on 127.0.0.1 whose port refuses
 * connections, or a sentence saying why the runtime cannot make the request. Resolves to
 * `{ ok, results }`.
 */
export async function conformance({ esm, cjs, refusedUrl, lacks = [] }) {
  const results = [];
  check(results, 'construct every built-in class, with the class table and instanceof across families', () => {
    for (const [name, parent, code, category, retryable] of TABLE) {
      const Class = esm[name];
      const error = new Class({ message: 'x' });
      assert(error instanceof Class && error instanceof esm[parent] && error instanceof esm.FaultlineError && error instanceof Error, `${name}: lineage`);
      assert(error.name === name && error.code === code && error.category === category && error.retryable === retryable, `${name}: defaults`);
      assert(esm[name].name === name, `${name}: the class keeps its JavaScript name`);
      for (const family of FAMILIES) if (family !== parent && family !== name) assert(!(error instanceof esm[family]), `${name} is not a ${family}`);
    }
    return `${TABLE.length} classes`;
  });
  check(results, 'normalizeError on a native error, a string and a DOMException', () => {
    assert(esm.normalizeError(new Error('boom')) instanceof esm.UnknownError, 'a native error');
    assert(esm.normalizeError('boom').message === 'boom', 'a string');
    if (typeof DOMException === 'undefined') return 'no DOMException in this runtime';
    assert(esm.normalizeError(new DOMException('slow', 'TimeoutError')) instanceof esm.TimeoutError, 'a DOMException TimeoutError');
    assert(esm.normalizeError(new DOMException('stop', 'AbortError')) instanceof esm.AgentAbortedError, 'a DOMException AbortError');
    return 'with DOMException';
  });
  check(results, 'serialize, JSON.stringify, parse and deserializeError back to the same class', () => {
    for (const [name] of TABLE) {
      const sent = new esm[name]({ message: 'round trip', requestId: 'req_1', details: { apiKey: 'sk-secret-123', step: 2 } });
      const text = JSON.stringify(sent);
      assert(text === JSON.stringify(esm.serializeError(sent)), `${name}: toJSON is serializeError`);
      assert(JSON.parse(text).details.apiKey === '[REDACTED]', `${name}: redacted`);
      const back = esm.deserializeError(JSON.parse(text));
      assert(Object.getPrototypeOf(back) === esm[name].prototype && back.requestId === 'req_1', `${name}: read back`);
      assert(JSON.stringify(back) === text, `${name}: the same JSON again`);
    }
    return 'every class';
  });
  check(results, 'a class of your own declared with subclass, round trip and refusals', () => {
    class PaymentDeclinedError extends esm.ToolError.subclass('PaymentDeclinedError', {
      code: 'PAYMENT_DECLINED',
      fields: { amountCents: 'number' },
      required: ['amountCents'],
    }) {}
    const sent = new PaymentDeclinedError({ toolName: 'charge', amountCents: -500 });
    assert(sent instanceof esm.ToolError && sent.code === 'PAYMENT_DECLINED' && sent.amountCents === -500, 'declared fields');
    const back = esm.deserializeError(JSON.stringify(sent), { classes: [PaymentDeclinedError] });
    assert(back instanceof PaymentDeclinedError && JSON.stringify(back) === JSON.stringify(sent), 'read back as the class written');
    let refused = false;
    try {
      esm.ToolError.subclass('ToolError', {});
    } catch (error) {
      refused = error instanceof TypeError;
    }
    assert(refused, 'a built-in name is refused');
    return 'PaymentDeclinedError';
  });
  if (cjs === undefined) {
    results.push({ ok: true, title: 'the ESM and CJS builds together', detail: `not run: ${lacks.find((line) => line.startsWith('require')) ?? 'no require in this runtime'}` });
  } else {
    check(results, 'the ESM and CJS builds together: errors of one are instances of the other’s classes', () => {
      assert(cjs.ToolError !== esm.ToolError, 'two copies are loaded');
      assert(new cjs.ToolNotFoundError() instanceof esm.ToolError && new esm.ToolNotFoundError() instanceof cjs.ToolError, 'instanceof across builds');
      assert(!(new cjs.ToolError() instanceof esm.ModelError), 'no false positive');
      return 'both builds';
    });
  }
  if (typeof refusedUrl !== 'string' || !refusedUrl.startsWith('http')) {
    results.push({ ok: true, title: 'a failed fetch to a closed port', detail: `not run: ${refusedUrl}` });
  } else {
    await checkAsync(results, 'a failed fetch to a closed port on 127.0.0.1 is a retryable TransientError', async () => {
      let thrown;
      try {
        await fetch(refusedUrl);
      } catch (error) {
        thrown = error;
      }
      assert(thrown !== undefined, 'the fetch did not fail');
      const error = esm.normalizeError(thrown);
      assert(error instanceof esm.TransientError && error.retryable, `got ${error.name}: ${String(thrown && thrown.message)}`);
      return `${thrown.name}: ${thrown.message}`;
    });
  }
  return { ok: results.every((result) => result.ok), results };
}

/** One line for a runtime, and the failures under it. */
export function report(runtime, outcome) {
  const failed = outcome.results.filter((result) => !result.ok);
  const notes = outcome.results.filter((result) => result.ok && typeof result.detail === 'string' && result.detail.startsWith('not run')).map((result) => `${result.title}: ${result.detail}`);
  const fetched = outcome.results.find((result) => result.ok && result.title.startsWith('a failed fetch') && !String(result.detail).startsWith('not run'));
  const said = fetched === undefined ? '' : `; its failed fetch: ${fetched.detail}`;
  const lines = [`${outcome.ok ? 'ok  ' : 'FAIL'} ${runtime}: ${outcome.results.length - failed.length}/${outcome.results.length} checks${said}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`];
  for (const failure of failed) lines.push(`       ${failure.title}: ${failure.detail}`);
  return lines.join('\n');
}

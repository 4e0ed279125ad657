import { describe, expectTypeOf, it } from 'vitest';
import {
  AgentError, AuthError, ErrorCategory, FaultlineError, ModelApiError, ModelError, ModelRateLimitError,
  SecurityError, StorageError, TimeoutError, ToolError, ToolNotFoundError, ToolTimeoutError, TransientError, UnknownError,
  ValidationError, type FaultlineErrorOptions,
} from '../src/index.js';
import type { AgentAbortedError, AuthenticationError, ErrorDetails, RateLimit, TokenUsage } from '../src/index.js';
import { ModelContextLengthError } from '../src/index.js';
import { fallbackModelFor } from '../src/retry/index.js';

class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED', fields: { amount: 'whole' } }) {}

declare const caught: unknown;

describe('fields', () => {
  it('types optional fields as possibly undefined', () => {
    expectTypeOf(new ToolError('x', { toolName: 'a' }).toolName).toEqualTypeOf<string | undefined>();
    expectTypeOf(new ToolError('x').retryAfterMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(new ToolError('x').status).toEqualTypeOf<number | undefined>();
    expectTypeOf(new ToolError('x').recommendations).toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf(new ToolTimeoutError().timeoutMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(new ValidationError().fields).toEqualTypeOf<Readonly<Record<string, string>> | undefined>();
  });

  it('types the fields every error has', () => {
    const error = new ModelRateLimitError();
    expectTypeOf(error.name).toEqualTypeOf<string>();
    expectTypeOf(error.code).toEqualTypeOf<string>();
    expectTypeOf(error.message).toEqualTypeOf<string>();
    expectTypeOf(error.retryable).toEqualTypeOf<boolean>();
    expectTypeOf(error.category).toEqualTypeOf<ErrorCategory>();
    expectTypeOf(error.provider).toEqualTypeOf<string | undefined>();
  });

  it('makes fields readonly', () => {
    const error = new ToolError('x', { toolName: 'a' });
    // @ts-expect-error: toolName is readonly
    error.toolName = 'b';
    // @ts-expect-error: retryable is readonly
    error.retryable = true;
    // @ts-expect-error: code is readonly
    error.code = 'OTHER';
  });
});

describe('construction', () => {
  it('refuses to construct the abstract base', () => {
    // @ts-expect-error: FaultlineError is abstract
    new FaultlineError('x');
  });

  it('rejects unknown option keys', () => {
    // @ts-expect-error: toolname is not an option (the option is toolName)
    new ToolError('x', { toolname: 'a' });
    // @ts-expect-error: provider is a model option, not a tool option
    new ToolError('x', { provider: 'openai' });
    // @ts-expect-error: timeoutMs belongs to ToolTimeoutError, not ToolError
    new ToolError('x', { timeoutMs: 5 });
    new ToolTimeoutError('x', { timeoutMs: 5, toolName: 'a' });
  });

  it('rejects option values of the wrong type', () => {
    // @ts-expect-error: retryable is a boolean
    new ToolError('x', { retryable: 'yes' });
    // @ts-expect-error: details holds data, not functions
    new ToolError('x', { details: { run: () => 1 } });
  });

  it('takes in details what the serializer writes as JSON: a Date, a Map, a Set, an Error, a BigInt, nested', () => {
    const error = new ToolError('x', {
      details: { at: new Date(), byId: new Map([['a', 1]]), seen: new Set(['a']), cause: new TypeError('t'), big: 10n, nested: [{ at: new Date() }] },
    });
    expectTypeOf(error.details).toEqualTypeOf<ErrorDetails | undefined>();
  });
});

describe('the options alone, and null', () => {
  it('take the options as the only argument, with the message among them', () => {
    expectTypeOf(new ToolNotFoundError({ toolName: 'delete' }).toolName).toEqualTypeOf<string | undefined>();
    new ToolNotFoundError({ message: 'gone', toolName: 'delete' });
    // @ts-expect-error: toolNme is not an option
    new ToolNotFoundError({ toolNme: 'delete' });
    // @ts-expect-error: message is a string
    new ToolNotFoundError({ message: 42 });
  });

  it('accept null and an explicit undefined for every option, under exactOptionalPropertyTypes', () => {
    const header: string | null = null as string | null;
    new ModelRateLimitError({ retryAfterMs: header === null ? undefined : Number(header), requestId: null, provider: undefined });
    new ModelRateLimitError(null, { status: null, details: null, recommendations: undefined });
    new ToolTimeoutError({ timeoutMs: null, toolName: null, code: null, retryable: null });
    new ValidationError({ fields: null });
  });
});

describe('instanceof narrowing', () => {
  it('narrows unknown to the class', () => {
    if (caught instanceof ToolTimeoutError) {
      expectTypeOf(caught).toEqualTypeOf<ToolTimeoutError>();
      expectTypeOf(caught.timeoutMs).toEqualTypeOf<number | undefined>();
      expectTypeOf(caught.toolName).toEqualTypeOf<string | undefined>();
    }
    if (caught instanceof FaultlineError) {
      expectTypeOf(caught.retryable).toEqualTypeOf<boolean>();
    }
  });

  it('narrows unknown to a user subclass and its own field', () => {
    if (caught instanceof PaymentDeclinedError) {
      expectTypeOf(caught).toEqualTypeOf<PaymentDeclinedError>();
      expectTypeOf(caught.amount).toEqualTypeOf<number | undefined>();
    }
  });
});

describe('user subclasses', () => {
  it('infer their own declared field and take it as an option', () => {
    const error = new PaymentDeclinedError('x', { amount: 42, toolName: 'charge' });
    expectTypeOf(error.amount).toEqualTypeOf<number | undefined>();
    expectTypeOf(error).toExtend<ToolError>();
    // @ts-expect-error: amount is a number
    new PaymentDeclinedError('x', { amount: '42' });
  });

  it('are declared with subclass, and a category below a family, a missing name or an unknown field type fails', () => {
    class RefundError extends ToolError.subclass('RefundError', { code: 'REFUND_FAILED', retryable: true }) {}
    expectTypeOf<RefundError>().toExtend<ToolError>();
    // @ts-expect-error: a class below ToolError takes no category
    ToolError.subclass('WrongCategoryError', { category: 'TOOLS' });
    // @ts-expect-error: the name is required
    ToolError.subclass({ code: 'NAMELESS' });
    // @ts-expect-error: 'int' is not a field type
    ToolError.subclass('BadFieldError', { fields: { n: 'int' } });
  });

  it('extend a class that is itself extended, with subclass at every level', () => {
    class RefundError extends PaymentDeclinedError.subclass('RefundError', {}) {}
    class PartialRefundError extends RefundError.subclass('PartialRefundError', { message: 'Part of the refund failed' }) {}
    const error = new PartialRefundError({ amount: 5, toolName: 'refund' });
    expectTypeOf(error.amount).toEqualTypeOf<number | undefined>();
    expectTypeOf(error).toExtend<PaymentDeclinedError>();
  });

  it('below a leaf need no constructor', () => {
    class SlowSearchError extends ToolTimeoutError.subclass('SlowSearchError', { code: 'SLOW_SEARCH', fields: { shard: 'string' } }) {}
    const error = new SlowSearchError({ shard: 'eu-2', timeoutMs: 5000 });
    expectTypeOf(error.shard).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.timeoutMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(error).toExtend<ToolTimeoutError>();
    // @ts-expect-error: shard is a string
    new SlowSearchError({ shard: 2 });
    // The built-in classes are no longer generic over their options.
    // @ts-expect-error: Type 'ToolNotFoundError' is not generic
    expectTypeOf<ToolNotFoundError<FaultlineErrorOptions>>().toExtend<ToolError>();
    expectTypeOf<ModelRateLimitError>().toExtend<ModelError>();
    expectTypeOf<AgentAbortedError>().toExtend<AgentError>();
    expectTypeOf<AuthenticationError>().toExtend<AuthError>();
  });

  it('can found a family of their own that further classes extend', () => {
    class BillingError extends FaultlineError.subclass('BillingError', { code: 'BILLING', category: 'TOOL' }) {}
    class InvoiceOverdueError extends BillingError.subclass('InvoiceOverdueError', { code: 'INVOICE_OVERDUE' }) {}
    if (caught instanceof BillingError) expectTypeOf(caught).toEqualTypeOf<BillingError>();
    expectTypeOf(new InvoiceOverdueError()).toExtend<BillingError>();
  });

  it('type their options from the fields they declare, a misspelt option refused', () => {
    class ChargeError extends ToolError.subclass('ChargeError', { code: 'CHARGE_FAILED', fields: { chargeId: 'string' } }) {}
    expectTypeOf(new ChargeError('x', { chargeId: 'ch_1', toolName: 'charge' }).chargeId).toEqualTypeOf<string | undefined>();
    // @ts-expect-error: chargeID is not an option (the option is chargeId)
    new ChargeError('x', { chargeID: 'ch_1' });
  });
});

describe('scoped mappers', () => {
  it('return a faultline error’s own type through the overload', () => {
    expectTypeOf(ToolError.from(new ModelError())).toEqualTypeOf<ModelError>();
    expectTypeOf(ModelError.from(new PaymentDeclinedError())).toEqualTypeOf<PaymentDeclinedError>();
  });

  it('return the family’s type for anything else, so that its fields are read without a cast', () => {
    expectTypeOf(ToolError.from(caught)).toEqualTypeOf<ToolError>();
    expectTypeOf(ToolError.from(caught, { toolName: 's' }).toolName).toEqualTypeOf<string | undefined>();
    expectTypeOf(ModelError.from(new Error('x'), { provider: 'openai' }).provider).toEqualTypeOf<string | undefined>();
    expectTypeOf(TimeoutError.from(caught, { timeoutMs: 5 }).timeoutMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(AgentError.from(caught)).toEqualTypeOf<AgentError>();
    expectTypeOf(AuthError.from(caught)).toEqualTypeOf<AuthError>();
    expectTypeOf(StorageError.from(caught).store).toEqualTypeOf<string | undefined>();
    expectTypeOf(SecurityError.from(caught).policy).toEqualTypeOf<string | undefined>();
    expectTypeOf(ValidationError.from(caught).fields).toEqualTypeOf<Readonly<Record<string, string>> | undefined>();
    expectTypeOf(TransientError.from(caught)).toEqualTypeOf<TransientError>();
    expectTypeOf(UnknownError.from(caught)).toEqualTypeOf<UnknownError>();
  });

  it('take the family’s context', () => {
    ToolError.from(caught, { toolName: 'search' });
    // @ts-expect-error: provider is not a tool context field
    ToolError.from(caught, { provider: 'openai' });
    // @ts-expect-error: cause is the value itself, not a context field
    ToolError.from(caught, { cause: 'x' });
  });
});

describe('ErrorCategory', () => {
  it('has literal members', () => {
    expectTypeOf(ErrorCategory.TOOL).toEqualTypeOf<'TOOL'>();
    expectTypeOf(ErrorCategory.UNKNOWN).toEqualTypeOf<'UNKNOWN'>();
  });

  it('is, as a type, the union of the ten categories', () => {
    expectTypeOf<ErrorCategory>().toEqualTypeOf<
      'MODEL' | 'TOOL' | 'AGENT' | 'STORAGE' | 'SECURITY' | 'AUTH' | 'VALIDATION' | 'TRANSIENT' | 'TIMEOUT' | 'UNKNOWN'
    >();
  });

  it('is readonly', () => {
    // @ts-expect-error: the constant is frozen and readonly
    ErrorCategory.TOOL = 'MODEL';
  });
});

describe('outputStarted', () => {
  it('is an optional boolean of every model error, and one of its options', () => {
    expectTypeOf(new ModelApiError({ outputStarted: true }).outputStarted).toEqualTypeOf<boolean | undefined>();
    // @ts-expect-error: outputStarted is a boolean
    new ModelApiError({ outputStarted: 'yes' });
  });
});

describe('usage, rateLimit, requestedTokens and maxContextTokens (issue #31)', () => {
  it('are typed fields of their classes, and options of theirs alone', () => {
    expectTypeOf(new ModelApiError({ usage: { inputTokens: 3 } }).usage).toEqualTypeOf<TokenUsage | undefined>();
    expectTypeOf(new ModelRateLimitError().rateLimit).toEqualTypeOf<RateLimit | undefined>();
    expectTypeOf(new ModelRateLimitError().rateLimit?.dimension).toEqualTypeOf<'requests' | 'tokens' | 'inputTokens' | 'outputTokens' | undefined>();
    expectTypeOf(new ModelContextLengthError().requestedTokens).toEqualTypeOf<number | undefined>();
    expectTypeOf(new ModelContextLengthError().maxContextTokens).toEqualTypeOf<number | undefined>();
    // @ts-expect-error: rateLimit belongs to ModelRateLimitError
    new ModelApiError({ rateLimit: { dimension: 'tokens' } });
    // @ts-expect-error: a dimension is one of four
    new ModelRateLimitError({ rateLimit: { dimension: 'minutes' } });
    // @ts-expect-error: usage holds the five counts alone
    new ModelApiError({ usage: { promptTokens: 3 } });
    const models = [{ model: 'gpt-4.1', contextTokens: 1_047_576, provider: 'openai' }] as const;
    expectTypeOf(fallbackModelFor(new ModelContextLengthError(), models)).toEqualTypeOf<(typeof models)[number] | undefined>();
    // @ts-expect-error: usage is offered to no class of yours
    ToolError.subclass('CostlyError', { fields: { spent: 'usage' } });
  });
});

describe('safeTool', () => {
  it('gives a success value without the failure shape run may also return', async () => {
    const { safeTool } = await import('../src/agent/index.js');
    const double = safeTool({
      name: 'double',
      input: { safeParse: (value: unknown) => ({ success: true as const, data: value as number }) },
      run: (n: number) => (n < 0 ? { ok: false as const, error: 'negative' } : n * 2),
    });
    const result = await double(2);
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<number>();
  });
});

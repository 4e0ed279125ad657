import type { CLASS_FIELD_TYPES, FieldOptionsOf, FieldsOf, FieldTable, FieldType } from '../contract/class-fields.js';
import type { ErrorCategory } from '../foundation/category.js';
import type { ErrorFields } from './error-fields.js';
import type { FaultlineErrorOptions, MessageOption } from './options.js';

/** Carries a class's constructor options in its type, for `subclass` to add to; nothing holds it at run time. */
export declare const OPTIONS_TYPE: unique symbol;

/** Names a class may not declare as fields (nor a method of its parent, which `subclass` refuses when it runs). */
export type ReservedFieldName = keyof ErrorFields | 'cause' | 'errors' | 'stack' | 'truncated' | 'then' | 'toJSON';

/** The fields of faultline's own classes a class of yours may declare too, only with the type the contract gives them. */
type BuiltInFieldNames = { readonly [K in keyof typeof CLASS_FIELD_TYPES]?: Extract<(typeof CLASS_FIELD_TYPES)[K], FieldType> };

export type DeclaredFields = FieldTable & { readonly [K in ReservedFieldName]?: never } & BuiltInFieldNames;

/** What `subclass` takes besides the class's name: what differs from the parent. */
export interface SubclassSpec<Fields extends FieldTable = FieldTable, Required extends readonly (keyof Fields & string)[] = readonly (keyof Fields & string)[]> {
  /** Machine-readable, UPPER_SNAKE: `'PAYMENT_DECLINED'`. */
  readonly code?: string;
  /** The message when the constructor is given none. */
  readonly message?: string;
  /** Whether a caller may retry: a constant, or a rule read from the error (`(error) => isRetryableStatus(error.status)`). */
  readonly retryable?: boolean | ((error: ErrorFields) => boolean);
  /** The HTTP status the error stands for, such as 402. */
  readonly status?: number;
  /** The class's own fields and their types: `{ amountCents: 'number', currency: 'string' }`. */
  readonly fields?: Fields;
  /** The fields every construction must give: `['amountCents']`. */
  readonly required?: Required;
  /** The family: set by the family alone (`FaultlineError.subclass`). */
  readonly category?: never;
}

/** What `FaultlineError.subclass` takes: a new family, so its `category` too. */
export interface FamilySpec<Fields extends FieldTable = FieldTable, Required extends readonly (keyof Fields & string)[] = readonly (keyof Fields & string)[]>
  extends Omit<SubclassSpec<Fields, Required>, 'category'> {
  /** One of the ten families: `'TOOL'`, `'STORAGE'`, ... */
  readonly category: ErrorCategory;
}

/** A faultline error as these types see it (the class is not imported here, since it imports these). */
export type ErrorInstance = Error & ErrorFields;

export type AnyErrorClass = abstract new (...args: never) => ErrorInstance;

/** What `from` builds: never the abstract base. */
export type ConcreteErrorClass = new (...args: never) => ErrorInstance;

export type OptionsOf<Class> = Class extends { readonly [OPTIONS_TYPE]?: infer Options } ? Options : FaultlineErrorOptions;

/** What a class's `from` may add: its constructor's options, less `cause` (the value itself). */
export type FromContext<Class> = Omit<OptionsOf<Class>, 'cause'>;

type NoneRequired<Options> = Partial<Options> extends Options ? true : false;

export type OptionsFirst<Options> = NoneRequired<Options> extends true ? [options?: Options & MessageOption] : [options: Options & MessageOption];
export type MessageFirst<Options> = NoneRequired<Options> extends true
  ? [message?: string | null, options?: Options | null]
  : [message: string | null | undefined, options: Options];

/** A class made by `subclass`: extend it (`class PaymentDeclinedError extends ToolError.subclass(...) {}`) or use it as it is. */
export interface ErrorClass<Instance extends ErrorInstance, Options extends FaultlineErrorOptions> {
  /** `new PaymentDeclinedError({ toolName: 'charge_card', amountCents: 1200 })`: the options, `message` among them. */
  new (...args: OptionsFirst<Options>): Instance;
  /** `new PaymentDeclinedError('Declined by the bank', { toolName: 'charge_card', amountCents: 1200 })`. */
  new (...args: MessageFirst<Options>): Instance;
  readonly prototype: Instance;
  readonly [OPTIONS_TYPE]?: Options;
  /** Maps anything thrown into this class, the value kept as `cause`; a faultline error passes through unchanged. */
  from<E extends ErrorInstance>(value: E, context?: object): E;
  from<Class extends ConcreteErrorClass>(this: Class, value: unknown, context?: FromContext<Class>): InstanceType<Class>;
  /** Declares a class below this one (see `FaultlineError.subclass`). */
  // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- the default: a class that declares no field of its own
  subclass<Class extends AnyErrorClass, const Fields extends DeclaredFields = Record<never, never>, const Required extends readonly (keyof Fields & string)[] = readonly []>(
    this: Class,
    name: string,
    spec?: SubclassSpec<Fields, Required>,
  ): SubclassOf<Class, Fields, Required>;
}

/** The class `subclass` returns below `Parent`, with the fields of `Fields`, those in `Required` required. */
export type SubclassOf<Parent extends AnyErrorClass, Fields extends FieldTable, Required extends readonly PropertyKey[]> = ErrorClass<
  // No fields of its own: the parent's instance type as it is, not an intersection with nothing.
  keyof Fields extends never ? InstanceType<Parent> : InstanceType<Parent> & FieldsOf<Fields, Required[number]>,
  keyof Fields extends never ? OptionsOf<Parent> : OptionsOf<Parent> & FieldOptionsOf<Fields, Required[number]>
>;

import type { FaultlineError } from '../base.js';
import { hasErrorBrand } from '../brand.js';
import { recognise, type Recognition } from './recognise.js';

/**
 * The shared step of every family's `from`: a faultline error (of any copy) passes through
 * unchanged, anything else is recognised and handed to the family's `build`.
 */
export function mapInto(value: unknown, build: (recognition: Recognition) => FaultlineError): FaultlineError {
  return hasErrorBrand(value) ? (value as FaultlineError) : build(recognise(value));
}

/** Whether a recognised failure is one that may succeed on another try. */
export function isTransientKind(recognition: Recognition): boolean {
  return recognition.kind === 'network' || recognition.kind === 'timeout';
}

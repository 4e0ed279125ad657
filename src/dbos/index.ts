/**
 * faultline/dbos: typed errors through DBOS Transact's workflows. `dbosSerialization`, registered with
 * `DBOS.registerSerialization`, makes DBOS persist faultline's contract for an error (redacted, bounded,
 * no raw cause) and revive the same class; `dbosStepConfig` gives a step the retries its errors ask for;
 * `fromDbosError` reads the faultline error of any failure DBOS hands back. None of them loads
 * `@dbos-inc/dbos-sdk`: the application's own `DBOS` and `DBOSClient` take them. Re-exports only.
 */
export { dbosSerialization, SERIALIZATION_NAME, type DbosErrorValue, type DbosSerializationRecipe } from './serialization.js';
export type { DbosJson, DbosJsonObject } from './dbos-json.js';
export { dbosStepConfig, type DbosStepConfig, type DbosStepOptions } from './step-config.js';
export { fromDbosError } from './from-dbos-error.js';

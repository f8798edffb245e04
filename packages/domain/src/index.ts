export * from './reference/crops.ts';
export * from './reference/countries.ts';
export * from './reference/diseases.ts';
export * from './reference/growth-stages.ts';
export * from './reference/enumerations.ts';
export * from './reference/profiles.ts';
export * from './reference/plans.ts';
export * from './seasons.ts';
export * from './locale.ts';
export * from './units.ts';
export * from './number-format.ts';
export * from './query-fragment.ts';
export * from './feature-toggles.ts';
export * from './errors.ts';
export * from './field-errors.ts';
export * from './contracts/reference.ts';
export * from './access/route-access.ts';
export * from './access/permissions.ts';
export * from './access/member-access.ts';
export * from './password.ts';
export * from './phone.ts';
export * from './contracts/common.ts';
export * from './contracts/identity.ts';
export * from './contracts/back-office.ts';

// One zod error map for every parse, on the server and in the browser (see field-errors.ts).
import { installFieldErrorMap } from './field-errors.ts';
installFieldErrorMap();
